import type pg from "pg";
import type { DomainEvent, EventMetadata, EventStore } from "../../../modules/kernel";
import { EVENTS_PARTITION_SIZE } from "../../../modules/kernel/event-store/postgres/partitions-ahead";
import { inPool } from "../../factories/participants";
import { eventHash, jsonbText } from "./event-hash";

/** Each stream's revision and hash-chain head so far; a stream is dropped after its last event (`once`). */
export type Heads = Map<string, { revision: number; hash: string }>;

type Pending = { streamId: string; event: DomainEvent; metadata: EventMetadata; eventId: string; once: boolean };

const BATCH = 5000;
const IN_FLIGHT = 2;

// the rows, and each stream's head (docs/decisions/127) moved to its newest event of the batch, in stream order (two
// batches in flight never wait on each other in a cycle) and never backwards
const INSERT = `with ins as (
    insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash, recorded_at)
    select * from unnest($1::bigint[], $2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::text[], $9::timestamptz[])
    returning stream_id, revision, hash
  )
  insert into stream_heads (stream_id, revision, hash)
  select distinct on (stream_id) stream_id, revision, hash from ins order by stream_id, revision desc
  on conflict (stream_id) do update set revision = excluded.revision, hash = excluded.hash
   where stream_heads.revision < excluded.revision`;

/**
 * Writes events straight into the events table, in the layout the PostgreSQL adapter writes
 * (docs/decisions/001, 022): positions in order from `from`, each stream's revisions from 0, each event's
 * hash linked to the one before it in its stream (computed here, as rollcall_event_hash would), the
 * recorded time the event's own, each stream's `stream_heads` row kept. Multi-row INSERTs of 5,000 rows (unnest of arrays), two in flight.
 */
export class BulkWriter {
  private position: number;
  private rows: unknown[][] = Array.from({ length: 9 }, () => []);
  private inFlight = new Set<Promise<unknown>>();
  /** the events table's partitions are made through this position's (docs/decisions/127) */
  private partitionsThrough = -1;
  private partitions: Promise<unknown> = Promise.resolve();
  written = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly heads: Heads,
    from = 0,
  ) {
    this.position = from;
  }

  get lastPosition() {
    return this.position;
  }

  add({ streamId, event, metadata, eventId, once }: Pending) {
    const head = this.heads.get(streamId);
    const revision = head ? head.revision + 1 : 0;
    const position = ++this.position;
    const dataText = jsonbText(event.data);
    const metadataText = jsonbText(metadata);
    const hash = eventHash({ prev: head?.hash ?? "", streamId, revision, position, eventId, type: event.type, dataText, metadataText });
    if (once) this.heads.delete(streamId);
    else this.heads.set(streamId, { revision, hash });
    const values = [position, streamId, revision, eventId, event.type, dataText, metadataText, hash, metadata.occurredAt];
    for (let i = 0; i < 9; i++) this.rows[i]!.push(values[i]);
    if (this.rows[0]!.length >= BATCH) this.flush();
  }

  private flush() {
    if (!this.rows[0]!.length) return;
    const values = this.rows;
    this.rows = Array.from({ length: 9 }, () => []);
    const count = values[0]!.length;
    const last = values[0]![count - 1] as number;
    if (last > this.partitionsThrough) {
      // the partitions this batch lands in, and the one after, before it is written
      this.partitionsThrough = (Math.floor(last / EVENTS_PARTITION_SIZE) + 1) * EVENTS_PARTITION_SIZE - 1;
      this.partitions = this.partitions.then(() => this.pool.query("select rollcall_events_partitions_ahead($1)", [last]));
    }
    const done: Promise<unknown> = this.partitions.then(() => this.pool.query(INSERT, values)).then(() => {
      this.written += count;
      this.inFlight.delete(done);
    });
    this.inFlight.add(done);
  }

  /** Waits until fewer than IN_FLIGHT inserts run (the generator's back-pressure). */
  async drain(all = false) {
    if (all) this.flush();
    while (this.inFlight.size >= (all ? 1 : IN_FLIGHT)) await Promise.race(this.inFlight);
  }

  /** Flushes the rest and moves the store's position sequence past what was written. */
  async finish() {
    await this.drain(true);
    if (this.position > 0) await this.pool.query("select setval('events_global_position_seq', $1)", [this.position]);
  }
}

/**
 * Appends through the event store port (the real append path: one statement, positions from the
 * sequence, the chain computed by PostgreSQL), one event an append as the application's commands do,
 * each with the stream's expected revision; a day's streams 16 at a time, each stream's events in order.
 */
export class AppendWriter {
  private day: Pending[] = [];
  written = 0;

  constructor(
    private readonly store: EventStore,
    private readonly heads: Heads,
  ) {}

  add(pending: Pending) {
    this.day.push(pending);
  }

  async drain() {
    const byStream = new Map<string, Pending[]>();
    for (const p of this.day) {
      const list = byStream.get(p.streamId);
      if (list) list.push(p);
      else byStream.set(p.streamId, [p]);
    }
    this.day = [];
    await inPool([...byStream.values()], 16, async (events) => {
      for (const p of events) {
        const head = this.heads.get(p.streamId);
        const result = await this.store.appendToStream(p.streamId, [{ type: p.event.type, data: p.event.data, eventId: p.eventId, metadata: p.metadata }], {
          expectedRevision: head ? head.revision : "no_stream",
        });
        if (p.once) this.heads.delete(p.streamId);
        else this.heads.set(p.streamId, { revision: result.nextExpectedRevision, hash: "" });
        this.written++;
      }
    });
  }
}
