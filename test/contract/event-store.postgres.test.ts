import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { PostgresEventStore, type KernelTables, type NewEvent, type RecordedEvent } from "../../modules/kernel";
import { appendStatement, EXPECT } from "../../modules/kernel/event-store/postgres/append-sql";
import { eventStatsProjection, ProjectionRunner, totalEvents, type EventStatsTables } from "../../projections";
import { counted, uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const appendValues = (streamId: string, event: NewEvent) => [
  streamId,
  EXPECT.any,
  event.eventId,
  event.type,
  JSON.stringify(event.data),
  JSON.stringify(event.metadata),
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Appends inside a transaction that stays open `holdMs` after taking its positions. */
async function lateAppend(database: TestDatabase, streamId: string, holdMs: number, commit: boolean, open?: Set<number>) {
  const client = await database.pool.connect();
  try {
    await client.query("begin");
    const event = counted(holdMs);
    const { rows } = await client.query(appendStatement(1), appendValues(streamId, event));
    const position = Number(rows[0].global_position);
    open?.add(position);
    await sleep(holdMs);
    await client.query(commit ? "commit" : "rollback");
    open?.delete(position);
    return { eventId: event.eventId, position };
  } finally {
    client.release();
  }
}

describe("PostgreSQL event store: global order under late commits", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase("order", { poolSize: 50 });
    store = database.store;
  });
  afterAll(() => database.drop());

  it("never lets a reader or the projector skip an event that commits late (200 late commits)", async () => {
    const runner = new ProjectionRunner({ db: database.db, store, projection: eventStatsProjection, batchSize: 50, pollMs: 5 });
    runner.start();
    const seen: RecordedEvent[] = [];
    let readerPosition = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const batch = await store.readAll(readerPosition, 100);
        for (const event of batch) {
          expect(event.position).toBeGreaterThan(readerPosition);
          seen.push(event);
          readerPosition = event.position;
        }
        if (!batch.length) await sleep(2);
      }
    })();

    let lateCount = 0;
    let committedPastOpenLate = 0;
    const open = new Set<number>();
    for (let wave = 0; wave < 10; wave++) {
      const late = Array.from({ length: 20 }, () => lateAppend(database, uniqueStream("late"), Math.random() * 2000, true, open));
      // while the late ones hold their positions, others commit after them
      const quick = (async () => {
        for (let i = 0; i < 20; i++) {
          const { positions } = await store.appendToStream(uniqueStream("quick"), [counted(i)]);
          await sleep(40);
          if ([...open].some((late) => late < positions[0]!)) committedPastOpenLate++;
        }
      })();
      const lates = await Promise.all(late);
      await quick;
      lateCount += lates.length;
    }
    expect(lateCount).toBe(200);

    const total = Number((await database.pool.query("select count(*) from events")).rows[0].count);
    for (let i = 0; i < 200 && (readerPosition === 0 || seen.length < total); i++) await sleep(25);
    reading = false;
    await reader;
    // every stored event was seen exactly once, in position order
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.eventId)).size).toBe(total);
    await runner.catchUp();
    await runner.stop();
    expect(await totalEvents(database.db as Kysely<EventStatsTables>)).toBe(total);
    // quick appends committed above positions that late transactions still held: the race was exercised
    expect(committedPastOpenLate).toBeGreaterThan(100);
  });

  it("is not held back by a long write in another database of the server, but is by one in its own", async () => {
    const other = await createTestDatabase("other_db", { poolSize: 1 });
    const elsewhere = await other.pool.connect();
    const here = await database.pool.connect();
    try {
      // a write transaction in another database, holding an xid for the whole test
      await elsewhere.query("begin");
      await elsewhere.query("select pg_current_xact_id()");
      const appended = await store.appendToStream(uniqueStream("beside-other-db"), [counted(1)]);
      expect((await store.readAll(appended.positions[0]! - 1, 10)).map((e) => e.position)).toEqual(appended.positions);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(appended.positions[0]!);
      // one in this database, opened before the next append, still holds the readers below it
      await here.query("begin");
      await here.query("select pg_current_xact_id()");
      const held = await store.appendToStream(uniqueStream("behind-own-db"), [counted(2)]);
      expect(await store.readAll(appended.positions[0]!, 10)).toEqual([]);
      // committed, not yet readable: the head readers see stays below it, the committed head names it (decision 133)
      expect(await store.headPosition()).toBeLessThan(held.positions[0]!);
      expect(await store.lastCommittedPosition()).toBe(held.positions[0]!);
      await here.query("commit");
      expect(await store.headPosition()).toBe(held.positions[0]!);
      expect((await store.readAll(appended.positions[0]!, 10)).map((e) => e.position)).toEqual(held.positions);
    } finally {
      await here.query("rollback").catch(() => undefined);
      here.release();
      await elsewhere.query("rollback").catch(() => undefined);
      elsewhere.release();
      await other.drop();
    }
  });

  it("passes over a rolled-back append at once: the projector does not stall", async () => {
    const db = database.db as Kysely<KernelTables & EventStatsTables>;
    const runner = new ProjectionRunner({ db: database.db, store, projection: { ...eventStatsProjection, name: "rollback-probe" }, pollMs: 5 });
    await runner.catchUp();
    const rolledBack = await lateAppend(database, uniqueStream("rolled-back"), 50, false);
    const after = await store.appendToStream(uniqueStream("after"), [counted(1)]);
    expect(after.positions[0]).toBeGreaterThan(rolledBack.position);
    const started = performance.now();
    runner.start();
    while (runner.checkpoint < after.positions[0]! && performance.now() - started < 5000) await sleep(5);
    await runner.stop();
    expect(runner.checkpoint).toBe(after.positions[0]);
    expect(performance.now() - started).toBeLessThan(1000);
    const gap = await db.selectFrom("events" as never).select("event_id" as never).where("global_position" as never, "=", rolledBack.position as never).execute();
    expect(gap).toHaveLength(0);
  });

  it("hands out positions in transaction-id order, so reading below the oldest running transaction is safe", async () => {
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = 0; i < 150; i++) await store.appendToStream(uniqueStream("xid-order"), [counted(i), counted(i + 1)]);
      }),
    );
    const { rows } = await database.pool.query(
      `select count(*)::int as inversions from (
         select transaction_id, lag(transaction_id) over (order by global_position) as before from events
       ) x where transaction_id < before`,
    );
    expect(rows[0].inversions).toBe(0);
  });

  it("refuses an append that is not its transaction's first write", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query("create temporary table scratch (x int)");
      await client.query("insert into scratch values (1)");
      const event = counted(1);
      await expect(client.query(appendStatement(1), appendValues(uniqueStream(), event))).rejects.toThrow(/first write of its transaction/);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});
