import {
  BACKWARDS, END, EventStoreDBClient, FORWARDS, StreamNotFoundError, WrongExpectedVersionError,
  excludeSystemEvents, jsonEvent,
} from "@eventstore/db-client";
import type { AllStreamSubscription, Position, ReadPosition, ReadRevision } from "@eventstore/db-client";
import { WrongExpectedRevisionError } from "../../errors";
import { foldStream } from "../aggregate";
import { pollingSubscription } from "../subscription";
import type {
  AggregateOptions, AppendOptions, AppendResult, DomainEvent, EventStore, NewEvent, ReadStreamOptions,
  ReadStreamResult, RecordedEvent, SubscribeOptions, SubscriptionHandler,
} from "../types";
import {
  fromCurrentRevision, isAfter, isSystemEventType, toAppendExpectedRevision, toPositionNumber, toReadPosition,
  toReadRevision, toRecordedEvent,
} from "./mapping";

/** How many $all records one round trip reads while skipping system events. */
const ALL_PAGE = 256;
/** How long the shared live subscription waits before it resubscribes after a drop. */
const RESUBSCRIBE_MS = 1_000;

const notFound = <E extends DomainEvent>(): ReadStreamResult<E> => ({
  streamExists: false,
  currentRevision: -1,
  events: [],
});

/**
 * The EventStoreDB adapter of the event store port (EVENTSTORE_URL). Positions are $all commit
 * positions (see mapping.ts); EventStoreDB's own events (types starting with '$') never leave it.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly adapter = "eventstoredb" as const;
  private readonly watchers = new Set<() => void>();
  private live: AllStreamSubscription | null = null;
  private resubscribe: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** The client connects lazily: an unreachable server shows at the first call, not here. */
  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  /**
   * Idempotency is EventStoreDB's own: appending event ids that are already the events right after
   * the expected revision (or, with 'any', the stream's latest events: best effort) writes nothing and
   * succeeds with the revision of the last of them. Unlike the PostgreSQL adapter, the same ids
   * appended with an expected revision they do not follow fail with WrongExpectedRevisionError
   * (and a batch where only some ids were stored is refused the same way).
   */
  async appendToStream<E extends DomainEvent>(
    streamId: string,
    events: NewEvent<E>[],
    { expectedRevision = "any" }: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError("appendToStream needs at least one event");
    const expected = toAppendExpectedRevision(expectedRevision);
    const data = events.map((e) => jsonEvent({ id: e.eventId, type: e.type, data: e.data, metadata: e.metadata }));
    let result: { nextExpectedRevision: bigint; position?: Position };
    try {
      result = await this.client.appendToStream(streamId, data, { expectedRevision: expected });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = fromCurrentRevision(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, String(expectedRevision), actual);
      }
      throw error;
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    return {
      nextExpectedRevision,
      positions: await this.appendedPositions(streamId, nextExpectedRevision, events.length, result.position),
      // servers answer an idempotent append without a position; newer ones (with the original
      // position) make a replay indistinguishable from a first write, so it reads false there
      duplicate: result.position === undefined,
    };
  }

  /**
   * The append answers with one position (the last event's). One event: that is it. A batch: its
   * events sit at revisions next-count+1..next of the stream (an append is atomic), so they are read
   * back to learn each event's own position.
   */
  private async appendedPositions(streamId: string, next: number, count: number, position?: Position) {
    if (count === 1 && position) return [toPositionNumber(position)];
    const events = await this.readForward(streamId, toReadRevision(next - count + 1), count);
    return events.map((e) => e.position);
  }

  private async readForward<E extends DomainEvent>(streamId: string, fromRevision: ReadRevision, maxCount?: number) {
    const events: RecordedEvent<E>[] = [];
    const options = { direction: FORWARDS, fromRevision, ...(maxCount === undefined ? {} : { maxCount }) } as const;
    const read = this.client.readStream(streamId, options);
    for await (const { event } of read) if (event) events.push(toRecordedEvent<E>(event));
    return events;
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    { fromRevision = 0, maxCount, last: newest }: ReadStreamOptions = {},
  ): Promise<ReadStreamResult<E>> {
    if (newest !== undefined) {
      if (!Number.isSafeInteger(newest) || newest < 1 || fromRevision !== 0 || maxCount !== undefined) {
        throw new RangeError(`last must be a count >= 1, without fromRevision or maxCount, got ${newest}`);
      }
      return this.readNewest<E>(streamId, newest);
    }
    const from = toReadRevision(fromRevision);
    let events: RecordedEvent<E>[] = [];
    try {
      if (maxCount === undefined || maxCount > 0) events = await this.readForward<E>(streamId, from, maxCount);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return notFound<E>();
      throw error;
    }
    const last = events.at(-1);
    if (last && (maxCount === undefined || events.length < maxCount)) {
      return { streamExists: true, currentRevision: last.revision, events };
    }
    // the read stopped short of the end (maxCount), or found nothing from fromRevision on:
    // the stream's revision comes from its last event (a second read, not the same snapshot)
    const currentRevision = await this.lastRevision(streamId);
    return currentRevision < 0 ? notFound<E>() : { streamExists: true, currentRevision, events };
  }

  /** The newest `count` events, read backwards from the end in one read, handed back oldest first. */
  private async readNewest<E extends DomainEvent>(streamId: string, count: number): Promise<ReadStreamResult<E>> {
    const events: RecordedEvent<E>[] = [];
    try {
      const read = this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: count });
      for await (const { event } of read) if (event) events.push(toRecordedEvent<E>(event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return notFound<E>();
      throw error;
    }
    events.reverse();
    const newest = events.at(-1);
    return newest ? { streamExists: true, currentRevision: newest.revision, events } : notFound<E>();
  }

  private async lastRevision(streamId: string): Promise<number> {
    try {
      const read = this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      for await (const { event } of read) if (event) return Number(event.revision);
      return -1;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw error;
    }
  }

  /**
   * Pages $all forward from `fromPosition` (the server's read is inclusive: that event is dropped),
   * skipping system events until `limit` events are found or the log ends, so a long run of system
   * events never reads as "caught up".
   */
  async readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    let cursor = fromPosition;
    while (found.length < limit) {
      const start = cursor;
      let seen = 0;
      const page = { direction: FORWARDS, fromPosition: toReadPosition(cursor), maxCount: ALL_PAGE } as const;
      for await (const { event } of this.client.readAll(page)) {
        seen += 1;
        if (!event) continue;
        const position = toPositionNumber(event.position);
        if (!isAfter(position, cursor)) continue;
        cursor = position;
        if (isSystemEventType(event.type)) continue;
        found.push(toRecordedEvent(event));
        if (found.length >= limit) break;
      }
      if (seen < ALL_PAGE || cursor === start) break;
    }
    return found;
  }

  /** $all is read in commit order: what is committed is readable. */
  lastCommittedPosition(): Promise<number> {
    return this.headPosition();
  }

  /** Pages $all backwards from its end to the newest event that is not a system event. */
  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    let cursor = Number.POSITIVE_INFINITY;
    for (;;) {
      const start = cursor;
      let seen = 0;
      const page = { direction: BACKWARDS, fromPosition: from, maxCount: ALL_PAGE } as const;
      for await (const { event } of this.client.readAll(page)) {
        seen += 1;
        if (!event) continue;
        const position = toPositionNumber(event.position);
        if (position >= cursor) continue;
        cursor = position;
        if (!isSystemEventType(event.type)) return position;
      }
      if (seen < ALL_PAGE || cursor === start) return 0;
      from = toReadPosition(cursor);
    }
  }

  async aggregateStream<S, E extends DomainEvent>(streamId: string, options: AggregateOptions<S, E>) {
    return foldStream(await this.readStream<E>(streamId), options);
  }

  /** One live subscription to $all (from its end, system events filtered out) serves every watcher. */
  watch(onWake: () => void): () => void {
    const watcher = () => onWake();
    this.watchers.add(watcher);
    this.ensureLive();
    return () => {
      if (this.watchers.delete(watcher) && this.watchers.size === 0) void this.stopLive();
    };
  }

  private ensureLive() {
    if (this.live || this.resubscribe || this.closed || this.watchers.size === 0) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    const dropped = () => {
      if (this.live !== subscription) return;
      this.live = null;
      this.wakeAll(); // pollers re-read; the poll interval covers the gap until the resubscribe
      if (this.closed || this.watchers.size === 0) return;
      this.resubscribe = setTimeout(() => {
        this.resubscribe = null;
        this.ensureLive();
      }, RESUBSCRIBE_MS);
      this.resubscribe.unref();
    };
    subscription.on("data", () => this.wakeAll());
    subscription.on("error", dropped);
    subscription.on("close", dropped);
    this.live = subscription;
  }

  private wakeAll() {
    for (const watcher of [...this.watchers]) watcher();
  }

  private async stopLive(): Promise<void> {
    if (this.resubscribe) clearTimeout(this.resubscribe);
    this.resubscribe = null;
    const subscription = this.live;
    this.live = null;
    await subscription?.unsubscribe().catch(() => undefined);
  }

  subscribe(fromPosition: number, handler: SubscriptionHandler, options?: SubscribeOptions) {
    return pollingSubscription(this, fromPosition, handler, options);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watchers.clear();
    await this.stopLive();
    await this.client.dispose();
  }
}
