/** Who, when and why: carried by every event (house rule 5). */
export type EventMetadata = {
  organizationId: string | null;
  actorId: string | null;
  /** The idempotency key of the command that produced the event. */
  commandId: string;
  correlationId: string;
  causationId: string | null;
  /** ISO 8601 */
  occurredAt: string;
  /** a superadmin acting inside another organization (decision 069); absent otherwise */
  actingAs?: { userId: string; homeOrganizationId: string; homeOrganizationName: string; organizationId: string };
  /** the API key the event was written through (decision 078) */
  apiKey?: { id: string; name: string };
};

export type EventData = Record<string, unknown>;

/** An event as the domain speaks of it: a member of a discriminated union. */
export type DomainEvent<Type extends string = string, Data extends EventData = EventData> = {
  type: Type;
  data: Data;
};

/** An event on its way into the store. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E & {
  /** Chosen by the writer (uuid); appending an id that is stored already is a no-op. */
  eventId: string;
  metadata: EventMetadata;
};

/** An event as the store holds it. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  eventId: string;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position inside its stream */
  revision: number;
  /** position in the store's global order ($all); strictly increasing in read order */
  position: number;
};

/** A revision number (0-based), or one of the named expectations. */
export type ExpectedRevision = number | "no_stream" | "stream_exists" | "any";

export type AppendOptions = { expectedRevision?: ExpectedRevision };

export type AppendResult = {
  /** the stream's revision after the append: pass it as the next expectedRevision */
  nextExpectedRevision: number;
  /** global positions of the appended events, in order */
  positions: number[];
  /** true when every event id was stored already and nothing new was written */
  duplicate: boolean;
};

/** One stream's part of an append to several streams at once. */
export type StreamAppend<E extends DomainEvent = DomainEvent> = { streamId: string; events: NewEvent<E>[]; expectedRevision?: ExpectedRevision };

export type ReadStreamOptions = {
  fromRevision?: number;
  maxCount?: number;
  /**
   * Only the stream's newest `last` events, oldest first (not with fromRevision or maxCount): for a
   * decision whose state is its stream's latest events, on a stream that grows for years (a member's visits).
   */
  last?: number;
};

export type ReadStreamResult<E extends DomainEvent> = {
  streamExists: boolean;
  /** -1 when the stream does not exist */
  currentRevision: number;
  events: RecordedEvent<E>[];
};

export type AggregateOptions<S, E extends DomainEvent> = {
  evolve: (state: S, event: RecordedEvent<E>) => S;
  initialState: () => S;
};

export type AggregateResult<S, E extends DomainEvent> = ReadStreamResult<E> & { state: S };

export type SubscriptionHandler = (events: RecordedEvent[]) => Promise<void> | void;

export type Subscription = {
  /** stops after the batch in hand is handled */
  stop(): Promise<void>;
  /** resolves when the subscription ends (stopped, or its handler threw) */
  readonly done: Promise<void>;
  /** the position of the last event handed to the handler */
  readonly position: number;
};

export type SubscribeOptions = { batchSize?: number; pollMs?: number };

/** The event store port. PostgreSQL is the default adapter; EventStoreDB the second. */
export interface EventStore {
  readonly adapter: "postgresql" | "eventstoredb";
  appendToStream<E extends DomainEvent>(
    streamId: string,
    events: NewEvent<E>[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams (each named once) at once, all or nothing (decision 137): each stream's expectation
   * is checked as `appendToStream` checks it, and one that fails writes nothing at all (WrongExpectedRevisionError
   * naming it). When every event id is stored already it answers what is stored, `duplicate`; when only some are,
   * it throws. The answers are in the order of the appends. Absent from an adapter that cannot do it in one
   * transaction (EventStoreDB's client): callers then append stream by stream.
   */
  appendToStreams?(appends: StreamAppend[]): Promise<AppendResult[]>;
  readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options?: ReadStreamOptions,
  ): Promise<ReadStreamResult<E>>;
  /** Events after `fromPosition` (exclusive) in global order; never skips one that commits later. */
  readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** The position of the newest event readers can see (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * The position of the newest committed event, readable or not yet: a transaction still running below it
   * keeps it out of `readAll` for a moment (decision 133). What a caller waiting for writes already made waits for.
   */
  lastCommittedPosition(): Promise<number>;
  aggregateStream<S, E extends DomainEvent>(
    streamId: string,
    options: AggregateOptions<S, E>,
  ): Promise<AggregateResult<S, E>>;
  /** Calls `onWake` soon after new events may be readable (LISTEN/NOTIFY, a subscription). */
  watch(onWake: () => void): () => void;
  /** Delivers every event after `fromPosition` in global order, then new ones as they come. */
  subscribe(fromPosition: number, handler: SubscriptionHandler, options?: SubscribeOptions): Subscription;
  close(): Promise<void>;
}
