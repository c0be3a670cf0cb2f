import type { Services } from "../identity";
import { handleCommand, type Command, type Decider, type DomainEvent } from "../kernel";
import { waitForProjection } from "../../projections/runner";

/**
 * Decide and append on one stream (expected revision, retried on conflict); throws a refusal. A stream many
 * write at once (a store item on sale) gets many retries: each round one writer wins and the rest read again.
 */
export async function runOn<S, C extends Command, E extends DomainEvent>(services: Pick<Services, "store" | "clock">, decider: Decider<S, C, E>, streamId: string, command: C, maxRetries = 10) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, decider, streamId, command, { maxRetries });
  if (!result.ok) throw result.error;
  return result;
}

/** Read your writes: wait for the points projection to pass the events appended. */
export async function settled(services: Services, positions: readonly number[]) {
  const position = Math.max(0, ...positions);
  if (position > 0) await waitForProjection(services, "points", { atLeast: position });
}
