import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWrongExpectedRevision, type EventStore, type RecordedEvent } from "../../modules/kernel";
import { counted, uniqueStream, type TestEvent } from "../support/events";

export type StoreFixture = { store: EventStore; /** a store with room for 50 concurrent appends */ close(): Promise<void> };

/** The behaviour every adapter of the event store port must have. */
export function eventStoreContract(adapter: string, open: () => Promise<StoreFixture>) {
  describe(`event store contract: ${adapter}`, () => {
    let fixture: StoreFixture;
    let store: EventStore;
    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterAll(async () => fixture?.close());

    it("appends to a new stream and reads it back in order, with metadata", async () => {
      const stream = uniqueStream();
      const events = [counted(1, { actorId: "a1" }), counted(2), counted(3)];
      const result = await store.appendToStream(stream, events, { expectedRevision: "no_stream" });
      expect(result.nextExpectedRevision).toBe(2);
      expect(result.positions).toHaveLength(3);
      expect([...result.positions].sort((a, b) => a - b)).toEqual(result.positions);

      const read = await store.readStream<TestEvent>(stream);
      expect(read.streamExists).toBe(true);
      expect(read.currentRevision).toBe(2);
      expect(read.events.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read.events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
      expect(read.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(read.events[0]!.metadata).toEqual(events[0]!.metadata);
      expect(read.events.map((e) => e.position)).toEqual(result.positions);
    });

    it("reads a missing stream as empty and not existing", async () => {
      const read = await store.readStream(uniqueStream("missing"));
      expect(read).toEqual({ streamExists: false, currentRevision: -1, events: [] });
    });

    it("answers many whole-stream reads made at once each with its own stream (the batched read)", async () => {
      const streams = Array.from({ length: 150 }, () => uniqueStream("many"));
      await Promise.all(streams.map((s, i) => (i % 3 === 0 ? Promise.resolve() : store.appendToStream(s, Array.from({ length: (i % 4) + 1 }, (_, n) => counted(i * 10 + n))))));
      // the same stream asked twice, a missing one, and more streams than one statement takes, all in one turn
      const reads = await Promise.all([...streams, streams[1]!].map((s) => store.readStream<TestEvent>(s)));
      reads.forEach((read, i) => {
        const k = i === streams.length ? 1 : i;
        const count = k % 3 === 0 ? 0 : (k % 4) + 1;
        expect(read.streamExists).toBe(count > 0);
        expect(read.currentRevision).toBe(count - 1);
        expect(read.events.map((e) => e.data)).toEqual(Array.from({ length: count }, (_, n) => ({ n: k * 10 + n })));
        expect(read.events.every((e) => e.streamId === streams[k])).toBe(true);
      });
    });

    it("reads part of a stream and still tells its current revision", async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [1, 2, 3, 4, 5].map((n) => counted(n)));
      const read = await store.readStream<TestEvent>(stream, { fromRevision: 1, maxCount: 2 });
      expect(read.currentRevision).toBe(4);
      expect(read.events.map((e) => e.revision)).toEqual([1, 2]);
    });

    it("reads only a stream's newest events, oldest first, alone or batched with other reads", async () => {
      const long = uniqueStream("tail");
      const short = uniqueStream("tail");
      await store.appendToStream(long, Array.from({ length: 30 }, (_, n) => counted(n)));
      await store.appendToStream(short, [counted(100), counted(101)]);
      const [tail, shortTail, whole, missing] = await Promise.all([
        store.readStream<TestEvent>(long, { last: 5 }),
        store.readStream<TestEvent>(short, { last: 5 }),
        store.readStream<TestEvent>(long),
        store.readStream<TestEvent>(uniqueStream("missing"), { last: 5 }),
      ]);
      expect(tail.currentRevision).toBe(29);
      expect(tail.events.map((e) => e.revision)).toEqual([25, 26, 27, 28, 29]);
      expect(tail.events.map((e) => e.data)).toEqual([25, 26, 27, 28, 29].map((n) => ({ n })));
      expect(shortTail).toMatchObject({ streamExists: true, currentRevision: 1 });
      expect(shortTail.events.map((e) => e.data)).toEqual([{ n: 100 }, { n: 101 }]);
      expect(whole.events).toHaveLength(30);
      expect(missing).toEqual({ streamExists: false, currentRevision: -1, events: [] });
      await expect(store.readStream(long, { last: 0 })).rejects.toThrow(RangeError);
      await expect(store.readStream(long, { last: 2, fromRevision: 3 })).rejects.toThrow(RangeError);
    });

    it("checks every kind of expected revision", async () => {
      const stream = uniqueStream();
      await expect(store.appendToStream(stream, [counted(1)], { expectedRevision: "stream_exists" })).rejects.toSatisfy(isWrongExpectedRevision);
      await expect(store.appendToStream(stream, [counted(1)], { expectedRevision: 0 })).rejects.toSatisfy(isWrongExpectedRevision);
      await store.appendToStream(stream, [counted(1)], { expectedRevision: "no_stream" });
      await expect(store.appendToStream(stream, [counted(2)], { expectedRevision: "no_stream" })).rejects.toSatisfy(isWrongExpectedRevision);
      const wrong = await store.appendToStream(stream, [counted(2)], { expectedRevision: 5 }).catch((e: unknown) => e);
      expect(isWrongExpectedRevision(wrong) && wrong.actual).toBe(0);
      expect((await store.appendToStream(stream, [counted(2)], { expectedRevision: 0 })).nextExpectedRevision).toBe(1);
      expect((await store.appendToStream(stream, [counted(3)], { expectedRevision: "stream_exists" })).nextExpectedRevision).toBe(2);
      expect((await store.appendToStream(stream, [counted(4)], { expectedRevision: "any" })).nextExpectedRevision).toBe(3);
      expect((await store.readStream(stream)).events).toHaveLength(4);
    });

    it("lets exactly 1 of 50 concurrent appends with the same expected revision win, over 100 rounds", async () => {
      const stream = uniqueStream("race");
      await store.appendToStream(stream, [counted(0)], { expectedRevision: "no_stream" });
      for (let round = 0; round < 100; round++) {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => store.appendToStream(stream, [counted(i)], { expectedRevision: round })),
        );
        const won = outcomes.filter((o) => o.status === "fulfilled");
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(49);
        expect(lost.every((o) => isWrongExpectedRevision(o.reason))).toBe(true);
      }
      const read = await store.readStream(stream);
      expect(read.currentRevision).toBe(100);
      expect(read.events.map((e) => e.revision)).toEqual(Array.from({ length: 101 }, (_, i) => i));
    });

    it("stores each event id once when an append is retried, in sequence or at once", async () => {
      const stream = uniqueStream("retry");
      const batch = [counted(1), counted(2)];
      const first = await store.appendToStream(stream, batch, { expectedRevision: "no_stream" });
      const again = await store.appendToStream(stream, batch, { expectedRevision: "no_stream" });
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(again.positions).toEqual(first.positions);

      const concurrent = [counted(3)];
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.appendToStream(stream, concurrent, { expectedRevision: 1 })),
      );
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      const read = await store.readStream(stream);
      expect(read.events.map((e) => e.eventId)).toEqual([...batch, ...concurrent].map((e) => e.eventId));
    });

    it("reads $all after a position, in order, exclusive, limited", async () => {
      const before = await store.headPosition();
      const a = uniqueStream("all");
      const b = uniqueStream("all");
      await store.appendToStream(a, [counted(1)]);
      await store.appendToStream(b, [counted(2), counted(3)]);
      await store.appendToStream(a, [counted(4)]);
      const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId === a || e.streamId === b);
      const all = mine(await store.readAll(before, 10_000));
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      const afterFirst = mine(await store.readAll(all[0]!.position, 10_000));
      expect(afterFirst.map((e) => (e.data as { n: number }).n)).toEqual([2, 3, 4]);
      expect(await store.readAll(before, 2)).toHaveLength(2);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(all[3]!.position);
      expect(await store.lastCommittedPosition()).toBeGreaterThanOrEqual(await store.headPosition());
    });

    it("folds a stream with aggregateStream", async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [counted(2), counted(3), counted(4)]);
      const { state, currentRevision } = await store.aggregateStream<number, TestEvent>(stream, {
        initialState: () => 0,
        evolve: (sum, e) => (e.type === "Counted" ? sum + e.data.n : sum),
      });
      expect(state).toBe(9);
      expect(currentRevision).toBe(2);
    });

    it("delivers past and new events to a subscription in order", async () => {
      const stream = uniqueStream("sub");
      const from = await store.headPosition();
      await store.appendToStream(stream, [counted(1), counted(2)]);
      const seen: number[] = [];
      let resolveDone: () => void;
      const done = new Promise<void>((r) => (resolveDone = r));
      const subscription = store.subscribe(
        from,
        (events) => {
          for (const e of events) if (e.streamId === stream) seen.push((e.data as { n: number }).n);
          if (seen.length >= 4) resolveDone();
        },
        { pollMs: 50 },
      );
      await new Promise((r) => setTimeout(r, 100));
      await store.appendToStream(stream, [counted(3)]);
      await store.appendToStream(stream, [counted(4)]);
      await done;
      await subscription.stop();
      expect(seen).toEqual([1, 2, 3, 4]);
    });
  });
}
