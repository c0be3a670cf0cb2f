import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWrongExpectedRevision, type PostgresEventStore } from "../../modules/kernel";
import { verifyEventChain } from "../../modules/kernel/event-store/postgres/verify-chain";
import { counted, uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/** Decision 137: an append to several streams is one transaction, written whole or not at all. */
describe("PostgreSQL event store: an append to several streams at once", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase("multi_append", { poolSize: 20 });
    store = database.store;
  });
  afterAll(() => database.drop());

  const heads = async (streams: string[]) => Promise.all(streams.map(async (s) => (await store.readStream(s)).currentRevision));

  it("writes every stream's events in one transaction, each at its revision, in position order, chained", async () => {
    const [a, b, c] = [uniqueStream("multi"), uniqueStream("multi"), uniqueStream("multi")];
    await store.appendToStream(a, [counted(0), counted(1)]);
    const results = await store.appendToStreams!([
      { streamId: a, events: [counted(2), counted(3), counted(4)], expectedRevision: 1 },
      { streamId: b, events: [counted(0)], expectedRevision: "no_stream" },
      { streamId: c, events: [counted(0), counted(1)] },
    ]);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([4, 0, 1]);
    expect(results.map((r) => r.positions.length)).toEqual([3, 1, 2]);
    expect(results.every((r) => !r.duplicate)).toBe(true);
    const read = await store.readStream(a);
    expect(read.events.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
    expect(read.events.slice(2).map((e) => e.position)).toEqual(results[0]!.positions);
    // positions increase with revisions inside a stream
    expect([...read.events.map((e) => e.position)].sort((x, y) => x - y)).toEqual(read.events.map((e) => e.position));
    const { rows } = await database.pool.query<{ xid: string }>("select distinct transaction_id::text as xid from events where global_position = any($1::bigint[])", [results.flatMap((r) => r.positions)]);
    expect(rows).toHaveLength(1);
    // the next append to a stream goes on from the head the multi-append left
    await store.appendToStream(c, [counted(2)], { expectedRevision: 1 });
    expect((await verifyEventChain(database.pool)).problems).toEqual([]);
  });

  it("writes nothing when one stream's expectation fails, and names that stream", async () => {
    const [a, b, c] = [uniqueStream("multi"), uniqueStream("multi"), uniqueStream("multi")];
    await store.appendToStream(a, [counted(0)]);
    await store.appendToStream(c, [counted(0)]);
    const error = await store
      .appendToStreams!([
        { streamId: a, events: [counted(1)], expectedRevision: 0 },
        { streamId: b, events: [counted(0)], expectedRevision: "no_stream" },
        { streamId: c, events: [counted(1)], expectedRevision: 5 },
      ])
      .catch((e: unknown) => e);
    expect(isWrongExpectedRevision(error)).toBe(true);
    expect(error).toMatchObject({ streamId: c, actual: 0 });
    expect(await heads([a, b, c])).toEqual([0, -1, 0]);
    // nor when a new stream's expectation is that it does not exist, and it does
    await expect(store.appendToStreams!([{ streamId: b, events: [counted(0)] }, { streamId: a, events: [counted(1)], expectedRevision: "no_stream" }])).rejects.toMatchObject({ streamId: a });
    expect(await heads([a, b, c])).toEqual([0, -1, 0]);
    expect((await verifyEventChain(database.pool)).problems).toEqual([]);
  });

  it("answers a resend with what is stored, and refuses one whose events are only partly stored", async () => {
    const [a, b] = [uniqueStream("multi"), uniqueStream("multi")];
    const appends = [
      { streamId: a, events: [counted(0), counted(1)], expectedRevision: "no_stream" as const },
      { streamId: b, events: [counted(0)], expectedRevision: "no_stream" as const },
    ];
    const first = await store.appendToStreams!(appends);
    const again = await store.appendToStreams!(appends);
    expect(again.map((r) => r.duplicate)).toEqual([true, true]);
    expect(again.map((r) => r.positions)).toEqual(first.map((r) => r.positions));
    expect(await heads([a, b])).toEqual([1, 0]);
    const half = [{ streamId: b, events: [appends[1]!.events[0]!], expectedRevision: 0 }, { streamId: uniqueStream("multi"), events: [counted(0)] }];
    await expect(store.appendToStreams!(half)).rejects.toThrow(/all or nothing/);
  });

  it("lets exactly one of many racing appends over a shared stream win, each whole, the losers writing nothing", async () => {
    const shared = uniqueStream("multi");
    await store.appendToStream(shared, [counted(0)]);
    const own = Array.from({ length: 12 }, () => uniqueStream("multi"));
    const settled = await Promise.allSettled(own.map((s) => store.appendToStreams!([{ streamId: shared, events: [counted(1)], expectedRevision: 0 }, { streamId: s, events: [counted(0)], expectedRevision: "no_stream" }])));
    const won = settled.flatMap((o, i) => (o.status === "fulfilled" ? [i] : []));
    expect(won).toHaveLength(1);
    for (const o of settled) if (o.status === "rejected") expect(isWrongExpectedRevision(o.reason)).toBe(true);
    expect(await heads(own)).toEqual(own.map((_, i) => (i === won[0] ? 0 : -1)));
    expect(await heads([shared])).toEqual([1]);
    // two appends making the same new stream: one makes it, the other writes nothing of its own either
    const fresh = uniqueStream("multi");
    const [x, y] = [uniqueStream("multi"), uniqueStream("multi")];
    const race = await Promise.allSettled([x, y].map((s) => store.appendToStreams!([{ streamId: fresh, events: [counted(0)], expectedRevision: "no_stream" }, { streamId: s, events: [counted(0)] }])));
    expect(race.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((await heads([x, y])).sort()).toEqual([-1, 0]);
    expect((await verifyEventChain(database.pool)).problems).toEqual([]);
  });

  it("refuses an empty append or one naming a stream twice, before writing", async () => {
    const a = uniqueStream("multi");
    await expect(store.appendToStreams!([])).rejects.toThrow(RangeError);
    await expect(store.appendToStreams!([{ streamId: a, events: [] }])).rejects.toThrow(RangeError);
    await expect(store.appendToStreams!([{ streamId: a, events: [counted(0)] }, { streamId: a, events: [counted(1)] }])).rejects.toThrow(RangeError);
    expect(await heads([a])).toEqual([-1]);
  });
});
