import type { Clock } from "./clock";
import type { CommandMetadata } from "./command-handler";
import { isWrongExpectedRevision } from "./errors";
import type { DomainEvent, EventStore } from "./event-store/types";
import { idFrom } from "./ids";
import { actingAsMetadata } from "./acting-as";

/**
 * Claims a unique value (a username, a Member ID) for one owner by appending the claim as the first event
 * of the value's own stream (`no_stream`): the store's concurrency check makes it unique without a read
 * model. Answers true when the value is the owner's now (a resent claim by the same owner is fine), false
 * when another owner holds it.
 */
export async function claimUnique<E extends DomainEvent>(
  deps: { store: EventStore; clock: Clock },
  stream: string,
  claim: E,
  ownerOf: (event: E) => string,
  meta: CommandMetadata,
): Promise<boolean> {
  const event = {
    ...claim,
    eventId: idFrom(meta.commandId, stream),
    metadata: {
      organizationId: meta.organizationId,
      actorId: meta.actorId,
      commandId: meta.commandId,
      correlationId: meta.correlationId ?? meta.commandId,
      causationId: meta.causationId ?? null,
      occurredAt: deps.clock.now().toISOString(),
      ...actingAsMetadata(),
    },
  };
  try {
    await deps.store.appendToStream<E>(stream, [event], { expectedRevision: "no_stream" });
    return true;
  } catch (error) {
    if (!isWrongExpectedRevision(error)) throw error;
    const { events } = await deps.store.readStream<E>(stream, { maxCount: 1 });
    return !!events[0] && ownerOf(events[0]) === ownerOf(claim);
  }
}
