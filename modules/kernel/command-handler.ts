import { DomainError, isWrongExpectedRevision } from "./errors";
import type { Clock } from "./clock";
import { idFrom } from "./ids";
import { actingAsMetadata } from "./acting-as";
import type { DomainEvent, EventMetadata, EventStore, NewEvent, ReadStreamOptions, ReadStreamResult, RecordedEvent } from "./event-store/types";

/** Who sends a command and why: becomes every resulting event's metadata. */
export type CommandMetadata = {
  /** idempotency key: resending the same command returns the first result */
  commandId: string;
  organizationId: string | null;
  actorId: string | null;
  correlationId?: string;
  causationId?: string | null;
};

export type Command<Type extends string = string, Data = Record<string, unknown>> = {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
};

/** A stream's rules: pure functions, no I/O (house rules 2 and 6). */
export type Decider<S, C extends Command, E extends DomainEvent> = {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (state: S, command: C, now: Date) => E[] | DomainError;
};

export type CommandSuccess<S, E extends DomainEvent> = {
  ok: true;
  /** the events this command appended (the first time it was handled) */
  events: RecordedEvent<E>[];
  state: S;
  nextExpectedRevision: number;
  /** true when the command had been handled already and nothing new was appended */
  replayed: boolean;
};

export type CommandResult<S, E extends DomainEvent> = CommandSuccess<S, E> | { ok: false; error: DomainError };

export type HandleOptions = {
  maxRetries?: number;
  /** the stream read already started by the caller (alongside its other reads); used for the first attempt */
  firstRead?: Promise<ReadStreamResult<DomainEvent>>;
  /**
   * How the stream is read (default: all of it). `{ last: n }` suits a decider whose state is its
   * stream's newest events: a resend is then answered from those n, and one older than that still
   * appends nothing, its event ids being stored already (the answer is then the new decision's).
   */
  read?: ReadStreamOptions;
};

/**
 * A command's events on their way into the store: ids derived from the command's id and the stream (a resend
 * writes the same ids), the command's who and why as their metadata, decided at `now`, acting as `acting`.
 */
export function commandEvents(command: Command, events: DomainEvent[], streamId: string, now: Date, acting = actingAsMetadata()): NewEvent[] {
  const { commandId } = command.metadata;
  const metadata: EventMetadata = {
    organizationId: command.metadata.organizationId,
    actorId: command.metadata.actorId,
    commandId,
    correlationId: command.metadata.correlationId ?? commandId,
    causationId: command.metadata.causationId ?? null,
    occurredAt: now.toISOString(),
    ...acting,
  };
  return events.map((event, index) => ({ type: event.type, data: event.data, eventId: idFrom(commandId, streamId, index), metadata }));
}

/**
 * Load the stream, fold it, decide with `now`, append with the revision read; retry on a conflict.
 * Event ids derive from the command id, and a command whose events are in the stream already is
 * answered from them: a resent command appends nothing new.
 */
export async function handleCommand<S, C extends Command, E extends DomainEvent>(
  deps: { store: EventStore; clock: Clock },
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  { maxRetries = 5, firstRead, read: readOptions }: HandleOptions = {},
): Promise<CommandResult<S, E>> {
  const { commandId } = command.metadata;
  for (let attempt = 0; ; attempt++) {
    const read = attempt === 0 && firstRead ? ((await firstRead) as ReadStreamResult<E>) : await deps.store.readStream<E>(streamId, readOptions);
    let state = decider.initialState();
    const earlier: RecordedEvent<E>[] = [];
    for (const event of read.events) {
      state = decider.evolve(state, event);
      if (event.metadata.commandId === commandId) earlier.push(event);
    }
    if (earlier.length > 0) {
      return { ok: true, events: earlier, state, nextExpectedRevision: read.currentRevision, replayed: true };
    }

    const now = deps.clock.now();
    const decision = decider.decide(state, command, now);
    if (decision instanceof DomainError) return { ok: false, error: decision };
    if (decision.length === 0) {
      return { ok: true, events: [], state, nextExpectedRevision: read.currentRevision, replayed: false };
    }

    const toAppend = commandEvents(command, decision, streamId, now) as unknown as (E & { eventId: string; metadata: EventMetadata })[];

    try {
      const result = await deps.store.appendToStream<E>(streamId, toAppend, {
        expectedRevision: read.streamExists ? read.currentRevision : "no_stream",
      });
      const events = toAppend.map((event, index) => ({
        ...event,
        streamId,
        revision: result.nextExpectedRevision - toAppend.length + 1 + index,
        position: result.positions[index] ?? 0,
      })) as RecordedEvent<E>[];
      for (const event of decision) state = decider.evolve(state, event);
      return { ok: true, events, state, nextExpectedRevision: result.nextExpectedRevision, replayed: result.duplicate };
    } catch (error) {
      if (isWrongExpectedRevision(error) && attempt < maxRetries) continue;
      throw error;
    }
  }
}
