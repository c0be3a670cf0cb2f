import type pg from "pg";
import { WrongExpectedRevisionError } from "../../errors";
import { foldStream } from "../aggregate";
import { pollingSubscription } from "../subscription";
import type {
  AggregateOptions,
  AppendOptions,
  AppendResult,
  DomainEvent,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
  SubscribeOptions,
  StreamAppend,
  SubscriptionHandler,
} from "../types";
import { appendQuery, EXPECT, MAX_EVENTS_PER_APPEND, MULTI_APPEND_SQL, NOT_ALL_WRITTEN, READ_HORIZON_SQL } from "./append-sql";
import { CoalescingNotifier, EventListener } from "./notifier";
import { AllReadCoalescer } from "./all-read-coalescer";
import { StreamReadBatcher } from "./stream-batcher";
import { GroupAppender } from "./group-append";
import { PartitionsAhead } from "./partitions-ahead";

type EventRow = {
  global_position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
};

const COLUMNS = "global_position, stream_id, revision, event_id, type, data, metadata";

const toRecorded = <E extends DomainEvent>(row: EventRow): RecordedEvent<E> =>
  ({
    type: row.type,
    data: row.data,
    eventId: row.event_id,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.global_position,
  }) as RecordedEvent<E>;

const expectedCode = (expected: ExpectedRevision): number => {
  switch (expected) {
    case "no_stream":
      return EXPECT.noStream;
    case "any":
      return EXPECT.any;
    case "stream_exists":
      return EXPECT.streamExists;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`expectedRevision must be a revision >= 0 or a named expectation, got ${expected}`);
      }
      return expected;
  }
};

/** A database error carries a SQLSTATE; anything else (a lost socket) means the connection is broken. */
const sqlState = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/** How often an `any` append that lost a race for the next revision tries again. */
const ANY_RETRIES = 10;

/** The PostgreSQL adapter of the event store port (docs/decisions/001-004). */
export class PostgresEventStore implements EventStore {
  readonly adapter = "postgresql" as const;
  private readonly notifier: CoalescingNotifier;
  private readonly listener: EventListener;
  private readonly batcher: StreamReadBatcher<EventRow>;
  private readonly allReads: AllReadCoalescer<EventRow>;
  private readonly group: GroupAppender;
  private readonly partitions: PartitionsAhead;

  constructor(
    private readonly pool: pg.Pool,
    databaseUrl: string,
  ) {
    this.notifier = new CoalescingNotifier(pool);
    this.listener = new EventListener(databaseUrl);
    this.batcher = new StreamReadBatcher<EventRow>(pool, COLUMNS);
    this.allReads = new AllReadCoalescer<EventRow>((from, limit) => this.queryAll(from, limit));
    this.group = new GroupAppender(pool);
    this.partitions = new PartitionsAhead(pool);
  }

  async appendToStream<E extends DomainEvent>(
    streamId: string,
    events: NewEvent<E>[],
    { expectedRevision = "any" }: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError("appendToStream needs at least one event");
    if (events.length > MAX_EVENTS_PER_APPEND) {
      throw new RangeError(`an append holds at most ${MAX_EVENTS_PER_APPEND} events, got ${events.length}`);
    }
    const expected = expectedCode(expectedRevision);
    if (events.length === 1) {
      // group commit with the other single-event appends of this turn (docs/decisions/024)
      const e = events[0]!;
      const data = JSON.stringify(e.data);
      const metadata = JSON.stringify(e.metadata);
      const grouped = this.group.join({ streamId, expected, eventId: e.eventId, type: e.type, data, metadata });
      const outcome = grouped && (await grouped);
      if (outcome && outcome.written) {
        this.appended(outcome.position);
        return { nextExpectedRevision: outcome.revision, positions: [outcome.position], duplicate: false };
      }
    }
    const values: unknown[] = [streamId, expected];
    for (const e of events) values.push(e.eventId, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
    const query = { ...appendQuery(events.length), values };

    for (let attempt = 0; ; attempt++) {
      const rows = await this.appendRows<{ revision: number; global_position: number }>(query);
      if (rows.length === 0) {
        // the expectation did not hold: unless this is a retry of an append that is stored already, or an `any`
        // append that lost the race to create its stream
        const stored = await this.storedResult(events);
        if (stored) return stored;
        if (expectedRevision === "any" && attempt < ANY_RETRIES) continue;
        throw new WrongExpectedRevisionError(streamId, String(expectedRevision), await this.currentRevision(streamId));
      }
      const positions = rows.map((r) => r.global_position).sort((a, b) => a - b);
      this.appended(positions[positions.length - 1]!);
      return { nextExpectedRevision: Math.max(...rows.map((r) => r.revision)), positions, duplicate: false };
    }
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    const events = appends.flatMap((a) => a.events);
    if (appends.length === 0 || appends.some((a) => a.events.length === 0)) throw new RangeError("appendToStreams needs at least one event for each stream");
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new RangeError("appendToStreams names each stream once");
    if (events.length > MAX_EVENTS_PER_APPEND) throw new RangeError(`an append holds at most ${MAX_EVENTS_PER_APPEND} events, got ${events.length}`);
    const expected = appends.map((a) => expectedCode(a.expectedRevision ?? "any"));
    const values = [
      appends.flatMap((a) => a.events.map(() => a.streamId)),
      appends.flatMap((a, k) => a.events.map(() => expected[k]!)),
      events.map((e) => e.eventId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ];
    for (let attempt = 0; ; attempt++) {
      let rows: { stream_id: string; revision: number; global_position: number }[];
      try {
        rows = await this.appendRows({ name: "rollcall_multi_append", text: MULTI_APPEND_SQL, values });
      } catch (error) {
        // a stream's expectation failed, a head could not be moved, or an event id is stored (23505: a racing resend)
        const state = sqlState(error);
        if (state !== NOT_ALL_WRITTEN && state !== "23505") throw error;
        const stored = await this.storedResult(events);
        if (stored) return this.storedPerStream(appends);
        const refused = await this.firstRefused(appends);
        if (refused) throw refused;
        // every expectation holds now: an `any` stream made by a racing append meanwhile
        if (attempt < ANY_RETRIES) continue;
        throw error;
      }
      const byStream = new Map<string, { revision: number; global_position: number }[]>();
      for (const r of rows) byStream.set(r.stream_id, [...(byStream.get(r.stream_id) ?? []), r]);
      this.appended(Math.max(...rows.map((r) => Number(r.global_position))));
      return appends.map((a) => {
        const mine = (byStream.get(a.streamId) ?? []).sort((x, y) => x.global_position - y.global_position);
        return { nextExpectedRevision: Math.max(...mine.map((r) => Number(r.revision))), positions: mine.map((r) => Number(r.global_position)), duplicate: false };
      });
    }
  }

  /**
   * An append statement on a connection of its own: cut off between lock and unlock (a cancel), the lock is never
   * handed back to the pool with the connection; past the last partition (the housekeeping did not run in time), the
   * partition is made and the statement run once more.
   */
  private async appendRows<R extends pg.QueryResultRow>(query: pg.QueryConfig): Promise<R[]> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.pool.connect();
      try {
        const { rows } = await client.query<R>(query);
        client.release();
        return rows;
      } catch (error) {
        const state = sqlState(error);
        if (state) await client.query("select pg_advisory_unlock_all()").catch(() => undefined);
        client.release(state ? undefined : (error as Error));
        if (state === "23514" && attempt === 0 && /no partition/.test((error as Error).message)) {
          await this.partitions.ensure();
          continue;
        }
        throw error;
      }
    }
  }

  /** Each stream's part of an append to several streams stored already (a resend). */
  private async storedPerStream(appends: StreamAppend[]): Promise<AppendResult[]> {
    return Promise.all(appends.map(async (a) => (await this.storedResult(a.events))!));
  }

  /** The first stream of an append to several whose expectation does not hold, as the error to throw. */
  private async firstRefused(appends: StreamAppend[]): Promise<WrongExpectedRevisionError | undefined> {
    const { rows } = await this.pool.query<{ stream_id: string; revision: number }>("select stream_id, revision from stream_heads where stream_id = any($1::text[])", [appends.map((a) => a.streamId)]);
    const current = new Map(rows.map((r) => [r.stream_id, Number(r.revision)]));
    for (const a of appends) {
      const rev = current.get(a.streamId) ?? -1;
      const want = a.expectedRevision ?? "any";
      const holds = want === "any" || (want === "no_stream" ? rev === -1 : want === "stream_exists" ? rev >= 0 : rev === want);
      if (!holds) return new WrongExpectedRevisionError(a.streamId, String(want), rev);
    }
    return undefined;
  }

  /**
   * After a committed append: this process's readers at once, the other processes through NOTIFY; and the next
   * partition of the events table made once this process's appends reach a partition it has not seen.
   */
  private appended(position: number): void {
    this.listener.wakeAll();
    this.notifier.poke();
    this.partitions.reached(position);
  }

  /** What an earlier append of these event ids stored, or null when none of them is stored. */
  private async storedResult(events: NewEvent[]): Promise<AppendResult | null> {
    const { rows } = await this.pool.query<{ revision: number; global_position: number }>(
      "select revision, global_position from events where event_id = any($1::uuid[]) order by global_position",
      [events.map((e) => e.eventId)],
    );
    if (rows.length === 0) return null;
    if (rows.length !== events.length) {
      throw new Error(`${rows.length} of the ${events.length} event ids of this append are stored already: an append is all or nothing`);
    }
    return {
      nextExpectedRevision: Math.max(...rows.map((r) => r.revision)),
      positions: rows.map((r) => r.global_position),
      duplicate: true,
    };
  }

  private async currentRevision(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ revision: number }>(
      "select coalesce((select revision from stream_heads where stream_id = $1), -1) as revision",
      [streamId],
    );
    return rows[0]?.revision ?? -1;
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    { fromRevision = 0, maxCount, last: newest }: ReadStreamOptions = {},
  ): Promise<ReadStreamResult<E>> {
    if (newest !== undefined && (!Number.isSafeInteger(newest) || newest < 1 || fromRevision !== 0 || maxCount !== undefined)) {
      throw new RangeError(`last must be a count >= 1, without fromRevision or maxCount, got ${newest}`);
    }
    if (fromRevision === 0 && maxCount === undefined) {
      // a whole stream, or its newest events: batched with the other such reads of this turn (its revision is its last event's)
      const events = (await this.batcher.read(streamId, newest ?? 0)).map((r) => toRecorded<E>(r));
      const last = events[events.length - 1];
      return { streamExists: last !== undefined, currentRevision: last?.revision ?? -1, events };
    }
    // one statement: the events and the stream's revision come from the same snapshot
    // named: prepared once per connection, so the hot read is not parsed and planned every time
    const { rows } = await this.pool.query<EventRow & { current: number | null }>({
      name: "rollcall_read_stream",
      text: `select q.current, e.global_position, e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata
         from (select $1::text as stream_id, (select max(revision) from events where stream_id = $1) as current) q
         left join lateral (
           select ${COLUMNS} from events
            where events.stream_id = q.stream_id and events.revision >= $2
            order by revision limit $3
         ) e on true`,
      values: [streamId, fromRevision, maxCount ?? null],
    });
    const current = rows[0]?.current ?? null;
    const events = rows.filter((r) => r.event_id !== null).map((r) => toRecorded<E>(r));
    return { streamExists: current !== null, currentRevision: current ?? -1, events };
  }

  async readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]> {
    // the runners of a process, woken together, ask for the same position: one statement for all of them
    return (await this.allReads.read(fromPosition, limit)).map((r) => toRecorded(r));
  }

  private async queryAll(fromPosition: number, limit: number): Promise<EventRow[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: "rollcall_read_all",
      text: `select ${COLUMNS} from events
        where global_position > $1 and transaction_id < ${READ_HORIZON_SQL}
        order by global_position limit $2`,
      values: [fromPosition, limit],
    });
    return rows;
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.pool.query<{ head: number | null }>({
      name: "rollcall_head_position",
      text: `select max(global_position) as head from events
        where transaction_id < ${READ_HORIZON_SQL}`,
    });
    return rows[0]?.head ?? 0;
  }

  async lastCommittedPosition(): Promise<number> {
    const { rows } = await this.pool.query<{ head: number | null }>({ name: "rollcall_last_committed_position", text: "select max(global_position) as head from events" });
    return rows[0]?.head ?? 0;
  }

  async aggregateStream<S, E extends DomainEvent>(streamId: string, options: AggregateOptions<S, E>) {
    return foldStream(await this.readStream<E>(streamId), options);
  }

  watch(onWake: () => void): () => void {
    return this.listener.watch(onWake);
  }

  subscribe(fromPosition: number, handler: SubscriptionHandler, options?: SubscribeOptions) {
    return pollingSubscription(this, fromPosition, handler, options);
  }

  async close(): Promise<void> {
    await this.notifier.close();
    await this.listener.close();
  }
}
