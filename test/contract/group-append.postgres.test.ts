import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWrongExpectedRevision, type PostgresEventStore } from "../../modules/kernel";
import { verifyEventChain } from "../../modules/kernel/event-store/postgres/verify-chain";
import { counted, uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/** The transaction that wrote each stream's events: one for a group, one per append otherwise. */
async function writers(database: TestDatabase, streams: string[]) {
  const { rows } = await database.pool.query<{ stream_id: string; xid: string }>(
    "select stream_id, transaction_id::text as xid from events where stream_id = any($1::text[])",
    [streams],
  );
  return new Map(rows.map((r) => [r.stream_id, r.xid]));
}

describe("PostgreSQL event store: group commit of single-event appends made in the same turn", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase("group_append", { poolSize: 20 });
    store = database.store;
  });
  afterAll(() => database.drop());

  it("writes 40 appends to 40 streams in one transaction, each at its revision, chained as any append", async () => {
    const streams = Array.from({ length: 40 }, () => uniqueStream("group"));
    await Promise.all(streams.slice(0, 20).map((s) => store.appendToStream(s, [counted(0)])));
    const results = await Promise.all(streams.map((s, i) => store.appendToStream(s, [counted(1)], { expectedRevision: i < 20 ? 0 : "no_stream" })));
    expect(results.map((r) => r.nextExpectedRevision)).toEqual(streams.map((_, i) => (i < 20 ? 1 : 0)));
    expect(results.every((r) => !r.duplicate && r.positions.length === 1)).toBe(true);
    const second = await writers(database, streams.slice(20));
    expect(new Set(second.values()).size).toBe(1);
    for (const [i, s] of streams.entries()) {
      const read = await store.readStream(s);
      expect(read.events.map((e) => e.position).at(-1)).toBe(results[i]!.positions[0]);
    }
    expect((await verifyEventChain(database.pool)).problems).toEqual([]);
  });

  it("refuses only the appends whose own expectation fails; the others of the group are written", async () => {
    const streams = Array.from({ length: 10 }, () => uniqueStream("group"));
    await Promise.all(streams.map((s) => store.appendToStream(s, [counted(0)])));
    const settled = await Promise.allSettled(streams.map((s, i) => store.appendToStream(s, [counted(1)], { expectedRevision: i % 3 === 0 ? 5 : 0 })));
    settled.forEach((outcome, i) => {
      if (i % 3 === 0) expect(outcome.status === "rejected" && isWrongExpectedRevision(outcome.reason)).toBe(true);
      else expect(outcome).toMatchObject({ status: "fulfilled", value: { nextExpectedRevision: 1 } });
    });
    for (const [i, s] of streams.entries()) expect((await store.readStream(s)).currentRevision).toBe(i % 3 === 0 ? 0 : 1);
  });

  it("lets one of two appends to the same stream at the same revision in one turn win, and tells a resend from a conflict", async () => {
    const stream = uniqueStream("group");
    const others = Array.from({ length: 5 }, () => uniqueStream("group"));
    const first = counted(1);
    await store.appendToStream(stream, [first], { expectedRevision: "no_stream" });
    const resent = { ...first };
    const settled = await Promise.allSettled([
      store.appendToStream(stream, [counted(2)], { expectedRevision: 0 }),
      store.appendToStream(stream, [counted(3)], { expectedRevision: 0 }),
      store.appendToStream(stream, [resent], { expectedRevision: "no_stream" }),
      ...others.map((s) => store.appendToStream(s, [counted(9)], { expectedRevision: "no_stream" })),
    ]);
    const [a, b, again, ...rest] = settled;
    expect([a, b].filter((o) => o!.status === "fulfilled")).toHaveLength(1);
    const loser = [a, b].find((o) => o!.status === "rejected") as PromiseRejectedResult;
    expect(isWrongExpectedRevision(loser.reason)).toBe(true);
    expect(again).toMatchObject({ status: "fulfilled", value: { duplicate: true, nextExpectedRevision: 0 } });
    expect(rest.every((o) => o.status === "fulfilled")).toBe(true);
    const read = await store.readStream(stream);
    expect(read.events.map((e) => e.eventId).filter((id) => id === first.eventId)).toHaveLength(1);
    expect(read.currentRevision).toBe(1);
  });
});
