import type pg from "pg";
import { newId, type EventMetadata, type EventStore } from "../../modules/kernel";
import { fmt, timedRun, type RunStats } from "./stats";

const metadata = (): EventMetadata => ({
  organizationId: "org-bench",
  actorId: "user-bench",
  commandId: newId(),
  correlationId: newId(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});
const data = (i: number) => ({ memberId: "AB12CD34", programId: "p-1", note: `check-in ${i}` });

/** The baseline: a plain single-row INSERT into a table of the events table's shape. */
async function createRawTable(pool: pg.Pool) {
  await pool.query("drop table if exists bench_raw_events");
  await pool.query(`create table bench_raw_events (
      global_position bigserial primary key, stream_id text not null, revision bigint not null, event_id uuid not null unique,
      type text not null, data jsonb not null, metadata jsonb not null,
      transaction_id xid8 not null default pg_current_xact_id(), recorded_at timestamptz not null default clock_timestamp(),
      unique (stream_id, revision))`);
}

export async function benchAppends(pool: pg.Pool, store: EventStore, { perWriterAt1 = 3000, perWriterAt20 = 1500, label = "run" } = {}) {
  await createRawTable(pool);
  const results: { writers: number; raw: RunStats; append: RunStats }[] = [];
  for (const [writers, perWriter] of [[1, perWriterAt1], [20, perWriterAt20]] as const) {
    // each writer appends to its own streams, one event per append, with the revision it expects
    const rawRevision = new Map<string, number>();
    const raw = await timedRun(writers, perWriter, async (w, i) => {
      const stream = `member-raw-${label}-${writers}-${w}-${i % 50}`;
      const revision = (rawRevision.get(stream) ?? -1) + 1;
      rawRevision.set(stream, revision);
      await pool.query(
        "insert into bench_raw_events (stream_id, revision, event_id, type, data, metadata) values ($1, $2, $3, $4, $5, $6)",
        [stream, revision, newId(), "MemberCheckedIn", JSON.stringify(data(i)), JSON.stringify(metadata())],
      );
    });
    const revisions = new Map<string, number>();
    const append = await timedRun(writers, perWriter, async (w, i) => {
      const stream = `member-bench-${label}-${writers}-${w}-${i % 50}`;
      const expected = revisions.get(stream);
      const result = await store.appendToStream(
        stream,
        [{ type: "MemberCheckedIn", data: data(i), eventId: newId(), metadata: metadata() }],
        { expectedRevision: expected === undefined ? "no_stream" : expected },
      );
      revisions.set(stream, result.nextExpectedRevision);
    });
    results.push({ writers, raw, append });
    console.log(`\n${writers} writer${writers > 1 ? "s" : ""}, one event per append:`);
    console.log(`  raw INSERT baseline  ${fmt(raw)}`);
    console.log(`  appendToStream       ${fmt(append)}`);
    console.log(`  ratio append/raw     ${((append.perSecond / raw.perSecond) * 100).toFixed(0)}% of the baseline's rate`);
  }
  return results;
}
