import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DomainError,
  fixedClock,
  handleCommand,
  isWrongExpectedRevision,
  newId,
  PostgresEventStore,
  type Command,
  type Decider,
} from "../../modules/kernel";
import { uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// a tiny check-in-like stream: a member is in or out
type State = { inside: boolean; visits: number };
type Event = { type: "CheckedIn"; data: { at: string } } | { type: "CheckedOut"; data: { at: string } };
type Cmd = Command<"CheckIn" | "CheckOut", Record<string, never>>;

const decider: Decider<State, Cmd, Event> = {
  initialState: () => ({ inside: false, visits: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case "CheckedIn":
        return { inside: true, visits: state.visits + 1 };
      case "CheckedOut":
        return { ...state, inside: false };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide: (state, command, now) => {
    if (command.type === "CheckIn") {
      if (state.inside) return new DomainError("ALREADY_CHECKED_IN", "This member is already checked in.", 409);
      return [{ type: "CheckedIn", data: { at: now.toISOString() } }];
    }
    if (!state.inside) return new DomainError("NOT_CHECKED_IN", "This member is not checked in.", 409);
    return [{ type: "CheckedOut", data: { at: now.toISOString() } }];
  },
};

const command = (type: Cmd["type"], commandId = newId()): Cmd => ({
  type,
  data: {},
  metadata: { commandId, organizationId: "org-1", actorId: "staff-1", correlationId: "corr-1" },
});

describe("command handler on the PostgreSQL store", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const clock = fixedClock("2026-11-21T08:30:00.000Z");
  beforeAll(async () => {
    database = await createTestDatabase("commands", { poolSize: 30 });
    store = database.store;
  });
  afterAll(() => database.drop());

  it("decides with the clock's now and stamps who, when and why on the events", async () => {
    const stream = uniqueStream("member");
    const result = await handleCommand({ store, clock }, decider, stream, command("CheckIn"));
    expect(result.ok).toBe(true);
    const read = await store.readStream<Event>(stream);
    expect(read.events).toHaveLength(1);
    expect(read.events[0]!.data).toEqual({ at: "2026-11-21T08:30:00.000Z" });
    expect(read.events[0]!.metadata).toMatchObject({
      organizationId: "org-1",
      actorId: "staff-1",
      correlationId: "corr-1",
      occurredAt: "2026-11-21T08:30:00.000Z",
    });
  });

  it("returns a refusal as a DomainError and appends nothing", async () => {
    const stream = uniqueStream("member");
    const result = await handleCommand({ store, clock }, decider, stream, command("CheckOut"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.toJSON()).toEqual({ code: "NOT_CHECKED_IN", message: "This member is not checked in." });
    expect((await store.readStream(stream)).streamExists).toBe(false);
  });

  it("answers a resent command with its first result and appends nothing new", async () => {
    const stream = uniqueStream("member");
    const first = await handleCommand({ store, clock }, decider, stream, command("CheckIn", "kiosk-cmd-1"));
    // a second check-in with a new id is refused, but the kiosk's resend of the first is not
    const other = await handleCommand({ store, clock }, decider, stream, command("CheckIn"));
    expect(other.ok).toBe(false);
    const resent = await handleCommand({ store, clock }, decider, stream, command("CheckIn", "kiosk-cmd-1"));
    expect(resent.ok && resent.replayed).toBe(true);
    expect(resent.ok && resent.events.map((e) => e.eventId)).toEqual(first.ok && first.events.map((e) => e.eventId));
    expect((await store.readStream(stream)).events).toHaveLength(1);
  });

  it("stores one result when the same command arrives ten times at once", async () => {
    const stream = uniqueStream("member");
    const results = await Promise.all(Array.from({ length: 10 }, () => handleCommand({ store, clock }, decider, stream, command("CheckIn", "same"))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await store.readStream(stream)).events).toHaveLength(1);
  });

  it("retries on a conflict, and gives up after the bounded number of retries", async () => {
    const stream = uniqueStream("member");
    // alternating in/out commands, all at once: each one that loses a race reloads and decides again
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => handleCommand({ store, clock }, decider, stream, command(i % 2 ? "CheckOut" : "CheckIn"), { maxRetries: 20 })),
    );
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    const read = await store.readStream<Event>(stream);
    expect(read.events.map((e) => e.revision)).toEqual(read.events.map((_, i) => i));
    for (let i = 1; i < read.events.length; i++) expect(read.events[i]!.type).not.toBe(read.events[i - 1]!.type);

    const busy = uniqueStream("member");
    const noRetry = await Promise.allSettled(
      Array.from({ length: 20 }, () => handleCommand({ store, clock }, { ...decider, decide: () => [{ type: "CheckedIn" as const, data: { at: "x" } }] }, busy, command("CheckIn"), { maxRetries: 0 })),
    );
    const rejected = noRetry.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((o) => isWrongExpectedRevision(o.reason))).toBe(true);
  });
});
