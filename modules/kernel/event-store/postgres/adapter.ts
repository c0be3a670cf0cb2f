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
  SubscriptionHandler,
} from "../types";
import { CoalescingNotifier, EventListener } from "./notifier";

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
      return -1;
    case "any":
      return -2;
    case "stream_exists":
      return -3;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`expectedRevision must be a revision >= 0 or a named expectation, got ${expected}`);
      }
      return expected;
  }
};

/** The PostgreSQL adapter of the event store port (docs/decisions/001-004). */
export class PostgresEventStore implements EventStore {
  readonly adapter = "postgresql" as const;
  private readonly notifier: CoalescingNotifier;
  private readonly listener: EventListener;

  constructor(
    private readonly pool: pg.Pool,
    databaseUrl: string,
  ) {
    this.notifier = new CoalescingNotifier(pool);
    this.listener = new EventListener(databaseUrl);
  }

  async appendToStream<E extends DomainEvent>(
    streamId: string,
    events: NewEvent<E>[],
    { expectedRevision = "any" }: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError("appendToStream needs at least one event");
    const payload = JSON.stringify(
      events.map((e) => ({ event_id: e.eventId, type: e.type, data: e.data, metadata: e.metadata })),
    );
    let row: { status: string; stream_revision: number; positions: number[] | null };
    try {
      const result = await this.pool.query("select * from rollcall_append($1, $2, $3::jsonb)", [
        streamId,
        expectedCode(expectedRevision),
        payload,
      ]);
      row = result.rows[0];
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === "23505" && constraint === "events_event_id_key") {
        // a concurrent retry stored these ids first: answer with what it stored
        return this.storedResult(events);
      }
      if (code === "23505" && constraint === "events_stream_revision_key") {
        throw new WrongExpectedRevisionError(streamId, String(expectedRevision), await this.currentRevision(streamId));
      }
      throw error;
    }
    if (row.status === "wrong_revision") {
      throw new WrongExpectedRevisionError(streamId, String(expectedRevision), row.stream_revision);
    }
    const positions = (row.positions ?? []).map(Number);
    if (row.status === "ok") this.notifier.poke();
    return { nextExpectedRevision: Number(row.stream_revision), positions, duplicate: row.status === "duplicate" };
  }

  private async storedResult(events: NewEvent[]): Promise<AppendResult> {
    const { rows } = await this.pool.query<{ revision: number; global_position: number }>(
      "select revision, global_position from events where event_id = any($1::uuid[]) order by global_position",
      [events.map((e) => e.eventId)],
    );
    return {
      nextExpectedRevision: Math.max(...rows.map((r) => r.revision)),
      positions: rows.map((r) => r.global_position),
      duplicate: true,
    };
  }

  private async currentRevision(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ revision: number }>(
      "select revision from streams where stream_id = $1",
      [streamId],
    );
    return rows[0]?.revision ?? -1;
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    { fromRevision = 0, maxCount }: ReadStreamOptions = {},
  ): Promise<ReadStreamResult<E>> {
    // one statement: the events and the stream's revision come from the same snapshot
    const { rows } = await this.pool.query<EventRow & { current: number | null }>(
      `select s.revision as current, e.global_position, e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata
         from (select $1::text as stream_id) q
         left join streams s on s.stream_id = q.stream_id
         left join lateral (
           select ${COLUMNS} from events
            where events.stream_id = q.stream_id and events.revision >= $2
            order by revision limit $3
         ) e on true`,
      [streamId, fromRevision, maxCount ?? null],
    );
    const current = rows[0]?.current ?? null;
    const events = rows.filter((r) => r.event_id !== null).map((r) => toRecorded<E>(r));
    return { streamExists: current !== null, currentRevision: current ?? -1, events };
  }

  async readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events
        where global_position > $1 and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by global_position limit $2`,
      [fromPosition, limit],
    );
    return rows.map((r) => toRecorded(r));
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.pool.query<{ head: number | null }>(
      `select max(global_position) as head from events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
    );
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
