import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchUnderway, DomainError, fixedClock, handleInBatch, knownState, newId, type Alongside, type Command, type Decider, type EventStore } from "../../modules/kernel";
import { inActingScope, noteApiKey } from "../../modules/kernel/acting-as";
import { uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// a stock of units: a reservation takes one while any is left, once per order (a repeat is a no-op)
type State = { stock: number; orders: Record<string, true> };
type Event = { type: "Stocked"; data: { units: number } } | { type: "Reserved"; data: { orderId: string } };
type Cmd = Command<"Stock", { units: number }> | Command<"Reserve", { orderId: string }>;

const decider: Decider<State, Cmd, Event> = {
  initialState: () => ({ stock: 0, orders: {} }),
  evolve: (state, event) => (event.type === "Stocked" ? { ...state, stock: state.stock + event.data.units } : { stock: state.stock - 1, orders: { ...state.orders, [event.data.orderId]: true } }),
  decide: (state, command) => {
    if (command.type === "Stock") return [{ type: "Stocked", data: { units: (command.data as { units: number }).units } }];
    const { orderId } = command.data as { orderId: string };
    if (state.orders[orderId]) return [];
    if (state.stock < 1) return new DomainError("SOLD_OUT", "Sold out", 409);
    return [{ type: "Reserved", data: { orderId } }];
  },
};

const cmd = <T extends Cmd["type"]>(type: T, data: Cmd["data"], commandId = newId()) => ({ type, data, metadata: { commandId, organizationId: "org-1", actorId: "buyer" } }) as Cmd;

describe("commands on one stream decided and appended in batches (decision 116)", () => {
  let database: TestDatabase;
  let store: EventStore;
  const clock = fixedClock("2026-11-27T18:00:00.000Z");
  const deps = () => ({ store, clock });
  beforeAll(async () => {
    database = await createTestDatabase("batches", { poolSize: 20 });
    store = database.store;
  });
  afterAll(() => database.drop());

  it("fifty buyers at once for ten units: ten reservations, forty refusals, the stream in few appends", async () => {
    const stream = uniqueStream("item");
    await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 10 }));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: `o${i}` }))));
    expect(results.filter((r) => r.ok).length).toBe(10);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.error.code))).toEqual(Array(40).fill("SOLD_OUT"));
    const read = await store.readStream(stream);
    expect(read.events.filter((e) => e.type === "Reserved")).toHaveLength(10);
    // each success names its own event, revision and position
    const revisions = results.flatMap((r) => (r.ok ? r.events.map((e) => e.revision) : []));
    expect(new Set(revisions).size).toBe(10);
    for (const r of results) if (r.ok) expect(read.events[r.events[0]!.revision]!.eventId).toBe(r.events[0]!.eventId);
    // asked for in the same turn: one batch, one append, one commit for the ten
    expect(new Set(read.events.slice(1).map((e) => e.position)).size).toBe(10);
    expect(read.events.at(-1)!.position - read.events[1]!.position).toBe(9);
  });

  it("a write by another process meanwhile: the next batch, deciding on the state the last one left, conflicts, reads once, and decides again on the truth", async () => {
    const stream = uniqueStream("item");
    await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 2 }));
    // the same database through a store of its own (batches are per store): while the first batch is being
    // written, a second command queues behind it, and right after that write another process takes the last unit
    let reads = 0;
    let appends = 0;
    let second: Promise<Awaited<ReturnType<typeof handleInBatch>>> | undefined;
    const watched: EventStore = Object.create(store, {
      readStream: { value: (...args: Parameters<EventStore["readStream"]>) => (reads++, store.readStream(...args)) },
      appendToStream: {
        value: async (...args: Parameters<EventStore["appendToStream"]>) => {
          if (appends++ > 0) return store.appendToStream(...args);
          second = handleInBatch({ store: watched, clock }, decider, stream, cmd("Reserve", { orderId: "b" }));
          const written = await store.appendToStream(...args);
          await store.appendToStream(stream, [{ type: "Reserved", data: { orderId: "elsewhere" }, eventId: newId(), metadata: { commandId: newId(), organizationId: "org-1", actorId: null, correlationId: "x", causationId: null, occurredAt: clock.now().toISOString() } }], { expectedRevision: 1 });
          return written;
        },
      },
    }) as EventStore;
    const first = await handleInBatch({ store: watched, clock }, decider, stream, cmd("Reserve", { orderId: "a" }));
    expect(first.ok).toBe(true);
    expect(reads).toBe(1);
    const refused = await second!;
    expect(refused.ok ? "ok" : refused.error.code).toBe("SOLD_OUT");
    // the second batch decided on the known state (no read), wrote, met the conflict, then read once
    expect(appends).toBe(2);
    expect(reads).toBe(2);
    expect((await store.readStream(stream)).events.map((e) => (e.data as { orderId?: string }).orderId ?? "stock")).toEqual(["stock", "a", "elsewhere"]);
  });

  it("a resent command is answered from its events, and a batch with a resend still writes the others once", async () => {
    const stream = uniqueStream("item");
    await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 5 }));
    const id = newId();
    const once = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "r" }, id));
    const [again, other] = await Promise.all([handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "r" }, id)), handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "s" }))]);
    expect(once.ok && again.ok && other.ok).toBe(true);
    if (!once.ok || !again.ok || !other.ok) return;
    expect(again.events.map((e) => e.eventId)).toEqual(once.events.map((e) => e.eventId).slice(0, again.events.length));
    const read = await store.readStream(stream);
    expect(read.events.filter((e) => e.type === "Reserved").map((e) => (e.data as { orderId: string }).orderId)).toEqual(["r", "s"]);
    expect(other.state.stock).toBe(3);
  });

  it("each command's events carry its own request's API key, though one request's turn runs the batch", async () => {
    const stream = uniqueStream("item");
    await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 5 }));
    const asKey = (name: string, orderId: string) =>
      inActingScope(() => {
        noteApiKey({ id: newId(), name });
        return handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId }));
      });
    await Promise.all([asKey("first key", "k1"), asKey("second key", "k2")]);
    const read = await store.readStream(stream);
    const keyOf = (orderId: string) => read.events.find((e) => (e.data as { orderId?: string }).orderId === orderId)!.metadata.apiKey?.name;
    expect([keyOf("k1"), keyOf("k2")]).toEqual(["first key", "second key"]);
    expect(read.events[1]!.position + 1).toBe(read.events[2]!.position);
  });

  // decision 119: the state a batch leaves is kept for the stream's next command
  it("the next command starts from the state the last batch left, without reading; a refusal from it is checked against the stream first", async () => {
    const stream = uniqueStream("item");
    const reads: string[] = [];
    const original = store.readStream.bind(store);
    store.readStream = ((id: string, options?: { last?: number }) => (id === stream && reads.push(options?.last ? "revision" : "stream"), original(id, options))) as EventStore["readStream"];
    try {
      await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 1 }));
      expect((await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "a" }))).ok).toBe(true);
      expect(reads).toEqual(["stream"]);
      // refused from the known state: the stream's revision is read first (it is current), nothing else
      const sold = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "b" }));
      expect(sold.ok ? "ok" : sold.error.code).toBe("SOLD_OUT");
      expect(reads).toEqual(["stream", "revision"]);

      // another process stocks five more, straight into the store: the known state (sold out) is stale
      await store.appendToStream(stream, [{ type: "Stocked", data: { units: 5 }, eventId: newId(), metadata: { commandId: newId(), organizationId: "org-1", actorId: null, correlationId: "x", causationId: null, occurredAt: clock.now().toISOString() } }], { expectedRevision: 1 });
      const after = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "c" }));
      expect(after.ok).toBe(true);
      if (after.ok) expect(after.state.stock).toBe(4);
      expect(reads).toEqual(["stream", "revision", "revision", "stream"]);

      // decided on a known state that is current, the append proves it: no read at all, refusals beside it included
      reads.length = 0;
      const next = await Promise.all(Array.from({ length: 5 }, (_, i) => handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: `d${i}` }))));
      expect(next.filter((r) => r.ok)).toHaveLength(4);
      expect(reads).toEqual([]);
    } finally {
      store.readStream = original;
    }
  });
  describe("a claimed state (a read model's fold of the stream, decision 125)", () => {
    const stocked = (units: number) => ({ type: "Stocked" as const, data: { units }, eventId: newId(), metadata: { commandId: newId(), organizationId: "org-1", actorId: null, correlationId: "x", causationId: null, occurredAt: clock.now().toISOString() } });
    const claim = (stock: number, revision: number, orders: Record<string, true> = {}) => Promise.resolve({ state: { stock, orders }, revision });
    const watching = (stream: string) => {
      const reads: string[] = [];
      const original = store.readStream.bind(store);
      store.readStream = ((id: string, options?: { last?: number }) => (id === stream && reads.push(options?.last ? "revision" : "stream"), original(id, options))) as EventStore["readStream"];
      return { reads, restore: () => (store.readStream = original) };
    };

    it("current: appended from without reading the stream; the batch's state is kept as a claim (decision 134): the next append is made from it, a refusal from it reads the stream", async () => {
      const stream = uniqueStream("item");
      await store.appendToStream(stream, [stocked(2)], { expectedRevision: "no_stream" });
      const { reads, restore } = watching(stream);
      try {
        const r = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "a" }), { claimed: claim(2, 0) });
        expect(r.ok && r.state.stock).toBe(1);
        expect(reads).toEqual([]);
        // (the batch's line is let go right after its answers; its state stays known)
        await new Promise((resolve) => setImmediate(resolve));
        expect(batchUnderway(store, stream)).toBe(true);
        const b = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "b" }));
        expect(b.ok && b.state.stock).toBe(0);
        expect(reads).toEqual([]);
        // another process stocks one more: the kept claim (sold out) is stale; a refusal from it is never told
        // from it, nor from the stream's revision alone (a claim may not be the fold it says): the stream is read
        await store.appendToStream(stream, [stocked(1)], { expectedRevision: 2 });
        const c = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "c" }));
        expect(c.ok && c.state.stock).toBe(0);
        expect(reads).toEqual(["stream"]);
        // sold out now, from a state read: refused after a look at the revision only
        const d = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "d" }));
        expect(d.ok ? "ok" : d.error.code).toBe("SOLD_OUT");
        expect(reads).toEqual(["stream", "revision"]);
        const { events } = await store.readStream(stream);
        expect(events.map((e) => e.type)).toEqual(["Stocked", "Reserved", "Reserved", "Stocked", "Reserved"]);
      } finally {
        restore();
      }
    });

    it("behind the stream (written between the read model's read and the append): the append conflicts, the stream is read, the decision is made on the truth", async () => {
      const stream = uniqueStream("item");
      await store.appendToStream(stream, [stocked(1)], { expectedRevision: "no_stream" });
      const { reads, restore } = watching(stream);
      try {
        // the read model said one unit at revision 0; before the append, another process takes it
        const claimed = (async () => {
          const stale = await claim(1, 0);
          await store.appendToStream(stream, [{ ...stocked(0), type: "Reserved", data: { orderId: "elsewhere" } } as never], { expectedRevision: 0 });
          return stale;
        })();
        const r = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "a" }), { claimed });
        expect(r.ok ? "ok" : r.error.code).toBe("SOLD_OUT");
        expect(reads).toEqual(["stream"]);
        const { events } = await store.readStream(stream);
        expect(events.map((e) => e.type)).toEqual(["Stocked", "Reserved"]);
      } finally {
        restore();
      }
    });

    it("never refuses nor skips from a claim: a batch from it that would reads the stream and decides again", async () => {
      const stream = uniqueStream("item");
      await store.appendToStream(stream, [stocked(3)], { expectedRevision: "no_stream" });
      const { reads, restore } = watching(stream);
      try {
        // a claim that says sold out (it is not): read, then reserved
        const r = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "a" }), { claimed: claim(0, 0) });
        expect(r.ok && r.state.stock).toBe(2);
        expect(reads).toEqual(["stream"]);
        // a claim that says the order holds a unit already (it does not): read, then reserved
        const s = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "b" }), { claimed: claim(2, 1, { b: true }) });
        expect(s.ok && s.events).toHaveLength(1);
        // a true refusal: told only after the read
        await store.appendToStream(stream, [{ ...stocked(0), type: "Reserved", data: { orderId: "c" } } as never], { expectedRevision: 2 });
        reads.length = 0;
        const t = await handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "d" }), { claimed: claim(1, 2) });
        expect(t.ok ? "ok" : t.error.code).toBe("SOLD_OUT");
        expect(reads).toEqual(["stream"]);
      } finally {
        restore();
      }
    });
  });

  describe("decisions on other streams appended with a batched command (decision 137)", () => {
    // beside each reservation, a "Receipt" on the order's own stream, and on a shared ledger stream when asked
    const receipt = (streamId: string, orderId: string, expectedRevision: number | "no_stream"): Awaited<ReturnType<Alongside>> => [
      { streamId, command: cmd("Stock", { units: 0 }, `receipt-${orderId}-${streamId}`), events: [{ type: "Stocked", data: { units: 0 } }], expectedRevision, after: { decider, state: { stock: 0, orders: { [orderId]: true } }, claimed: false } },
    ];
    const xids = async (streams: string[]) =>
      new Set((await database.pool.query<{ xid: string }>("select transaction_id::text as xid from events where stream_id = any($1::text[]) and revision > 0", [streams])).rows.map((r) => r.xid));

    it("five buyers in one batch: their reservations and each one's receipt in one transaction, each answered with its receipt, the receipts' states known", async () => {
      const stream = uniqueStream("item");
      await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 10 }));
      const receipts = Array.from({ length: 5 }, () => uniqueStream("receipt"));
      const results = await Promise.all(receipts.map((r, i) => handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: `o${i}` }), { alongside: async () => receipt(r, `o${i}`, "no_stream") })));
      expect(results.every((r) => r.ok && r.alongside?.length === 1)).toBe(true);
      for (const [i, r] of results.entries()) {
        const read = await store.readStream(receipts[i]!);
        expect(r.ok && r.alongside![0]!.events[0]!.position).toBe(read.events[0]!.position);
        // the state after the receipt, as the decision beside named it
        expect(r.ok && r.alongside![0]!.state).toEqual({ stock: 0, orders: { [`o${i}`]: true } });
      }
      const all = await database.pool.query<{ xid: string }>("select distinct transaction_id::text as xid from events where stream_id = any($1::text[]) or (stream_id = $2 and revision > 0)", [receipts, stream]);
      expect(all.rows).toHaveLength(1);
      expect(knownState(store, receipts[0]!, decider)).toMatchObject({ revision: 0, claimed: false });
    });

    it("a stream beside it moved meanwhile: nothing of that append is written, the batch is appended alone and answered without the decisions beside it", async () => {
      const stream = uniqueStream("item");
      await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 10 }));
      const ledger = uniqueStream("ledger");
      const fresh = uniqueStream("receipt");
      // the caller believed the ledger new; it has an event already
      await store.appendToStream(ledger, [{ type: "Stocked", data: { units: 1 }, eventId: newId(), metadata: { commandId: newId(), organizationId: "org-1", actorId: null, correlationId: "x", causationId: null, occurredAt: clock.now().toISOString() } }]);
      const asked: string[] = [];
      const [a, b] = await Promise.all([
        handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "a" }), { alongside: async () => (asked.push("a"), receipt(ledger, "a", "no_stream")) }),
        handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: "b" }), { alongside: async () => (asked.push("b"), receipt(fresh, "b", "no_stream")) }),
      ]);
      expect(a.ok && b.ok).toBe(true);
      expect(a.ok && a.alongside).toBeUndefined();
      expect(b.ok && b.alongside).toBeUndefined();
      // asked once each: after the failed append the batch goes on without them
      expect(asked).toEqual(["a", "b"]);
      expect((await store.readStream(fresh)).streamExists).toBe(false);
      expect((await store.readStream(ledger)).currentRevision).toBe(0);
      expect((await store.readStream(stream)).events.filter((e) => e.type === "Reserved")).toHaveLength(2);
    });

    it("two buyers whose decisions beside name the same stream: only the first goes with the batch; a refusal is never asked", async () => {
      const stream = uniqueStream("item");
      await handleInBatch(deps(), decider, stream, cmd("Stock", { units: 1 }));
      const shared = uniqueStream("ledger");
      const asked: string[] = [];
      const [a, b, c] = await Promise.all(
        ["a", "b", "c"].map((o) => handleInBatch(deps(), decider, stream, cmd("Reserve", { orderId: o }), { alongside: async () => (asked.push(o), receipt(shared, o, "no_stream")) })),
      );
      // one unit: a reserves (with its receipt), b and c are refused and never asked
      expect(a!.ok && a!.alongside?.length).toBe(1);
      expect(b!.ok || c!.ok).toBe(false);
      expect(asked).toEqual(["a"]);
      expect(await xids([stream, shared])).toHaveProperty("size", 1);
      const stream2 = uniqueStream("item");
      await handleInBatch(deps(), decider, stream2, cmd("Stock", { units: 5 }));
      const other = uniqueStream("ledger");
      const [x, y] = await Promise.all(["x", "y"].map((o) => handleInBatch(deps(), decider, stream2, cmd("Reserve", { orderId: o }), { alongside: async () => receipt(other, o, "no_stream") })));
      expect(x!.ok && x!.alongside?.length).toBe(1);
      expect(y!.ok && y!.alongside).toBeUndefined();
      expect((await store.readStream(other)).currentRevision).toBe(0);
    });
  });
});
