import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import type { RecordedEvent } from "../kernel";
import { attendanceCommand, eventAttendanceMark, type AttendanceMark } from "./attendance";
import { decideOrder, decidePoints, orderDecider, pointsDecider, type OrderCommand, type PointsState } from "./decide";
import type { PointsEvent } from "./events";

const mark = (markId: string, earns: boolean): AttendanceMark => ({ markId, organizationId: "org-1", participantId: "m-1", source: { kind: "session", id: "prog:2026-11-23:15:30" }, earns, reason: "Attended Homework Club on 2026-11-23", markedBy: "coach-1" });

/** the marks handled in order, each as a decision on the stream so far; a command whose id is in the stream appends nothing (as handleCommand does) */
function ledgerAfter(marks: AttendanceMark[], points = 5) {
  let state: PointsState = pointsDecider.initialState();
  const events: (PointsEvent & { commandId: string })[] = [];
  for (const m of marks) {
    const command = attendanceCommand(m, points);
    if (!command || events.some((e) => e.commandId === command.metadata.commandId)) continue;
    const decided = decidePoints(state, command);
    if (decided instanceof DomainError) continue;
    for (const e of decided) {
      state = pointsDecider.evolve(state, e);
      events.push({ ...e, commandId: command.metadata.commandId });
    }
  }
  return { state, types: events.map((e) => e.type) };
}

describe("attendance points (decision 087)", () => {
  it("present, absent, present, late: award, reversal, award; one standing award and its points", () => {
    const { state, types } = ledgerAfter([mark("a", true), mark("b", false), mark("c", true), mark("d", true)]);
    expect(types).toEqual(["PointsAwarded", "PointsReversed", "PointsAwarded"]);
    expect(state.balance).toBe(5);
  });

  it("a mark read again, or every mark again as the latest, appends nothing", () => {
    const once = ledgerAfter([mark("a", true), mark("b", false), mark("c", true)]);
    // the subscriber hands each mark as the latest one ('c'): replayed, its command is in the stream already
    const replayed = ledgerAfter([mark("a", true), mark("b", false), mark("c", true), mark("c", true), mark("c", true)]);
    expect(replayed.types).toEqual(once.types);
    expect(replayed.state.balance).toBe(5);
  });

  it("no points per session: no award, but an absent mark still takes back a standing award", () => {
    expect(attendanceCommand(mark("a", true), 0)).toBeNull();
    expect(attendanceCommand(mark("a", false), 0)?.type).toBe("RevokeSourceAward");
    expect(attendanceCommand(mark("a", true), 7)).toMatchObject({ type: "AwardPoints", data: { amount: 7, category: "attendance", source: { kind: "session" } }, metadata: { actorId: "coach-1" } });
  });
});

describe("an event's unregistration (decision 118)", () => {
  const event = { eventId: "ev-1", organizationId: "org-1", name: "Points Night" };
  let revision = 0;
  const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({ type, data: { eventId: "ev-1", ...data }, eventId: `e-${revision}`, metadata: { organizationId: "org-1", actorId: "coach-1", commandId: `c-${revision}`, correlationId: "x", causationId: null, occurredAt: "2026-11-27T10:00:00Z" }, streamId: "appointment-event-ev-1", revision, position: 100 + revision++ });
  const marked = (status: string, participantId = "m-1") => recorded("EventAttendanceMarked", { marks: [{ participantId, status }] });
  const unregistered = (participantId = "m-1") => recorded("ParticipantUnregisteredFromEvent", { participantId });
  const registered = (participantId = "m-1") => recorded("ParticipantRegisteredToEvent", { participantId });

  /** the subscriber on each change as it arrives: the mark of the stream so far (the latest change), decided on the ledger so far */
  function ledgerOf(stream: RecordedEvent[], { points = 25, start = pointsDecider.initialState(), replay = false } = {}) {
    let state = start;
    const commandIds = new Set<string>();
    const types: string[] = [];
    const reasons: string[] = [];
    const refusals: string[] = [];
    const handle = (upTo: number) => {
      const mark = eventAttendanceMark(stream.slice(0, upTo), "m-1", event);
      const command = mark && attendanceCommand(mark, points);
      if (!command || commandIds.has(command.metadata.commandId)) return;
      const decided = decidePoints(state, command);
      if (decided instanceof DomainError) return void refusals.push(decided.code);
      commandIds.add(command.metadata.commandId);
      for (const e of decided) {
        state = pointsDecider.evolve(state, e);
        types.push(e.type);
        reasons.push((e.data as { reason: string }).reason);
      }
    };
    for (let i = 1; i <= stream.length; i++) handle(i);
    // a replay: every change again, each seeing the whole stream as it is now
    if (replay) for (let i = 1; i <= stream.length; i++) handle(stream.length);
    return { state, types, reasons, refusals };
  }

  it("present then unregistered: the award is taken back once, by a reversal naming the unregistration; a replay appends nothing", () => {
    const stream = [registered(), marked("present"), unregistered()];
    const { state, types, reasons } = ledgerOf(stream, { replay: true });
    expect(types).toEqual(["PointsAwarded", "PointsReversed"]);
    expect(reasons).toEqual(["Attended Points Night", "Unregistered from Points Night"]);
    expect(state.balance).toBe(0);
  });

  it("registered again and marked present: awarded again, one standing award; registered again without a mark: nothing", () => {
    const again = ledgerOf([registered(), marked("present"), unregistered(), registered(), marked("present")], { replay: true });
    expect(again.types).toEqual(["PointsAwarded", "PointsReversed", "PointsAwarded"]);
    expect(again.state.balance).toBe(25);
    const unmarked = ledgerOf([registered(), marked("present"), unregistered(), registered()]);
    expect(unmarked.types).toEqual(["PointsAwarded", "PointsReversed"]);
  });

  it("unregistered before any mark (the usual kind), or after an absent mark: nothing to take back, no command at all when never marked", () => {
    expect(eventAttendanceMark([registered(), unregistered()], "m-1", event)).toBeNull();
    expect(ledgerOf([registered(), marked("absent"), unregistered()]).types).toEqual([]);
    // another participant's changes are not theirs
    expect(eventAttendanceMark([registered("m-2"), marked("present", "m-2"), unregistered("m-2")], "m-1", event)).toBeNull();
  });

  it("an unregistration read before the mark it follows (a late delivery) still ends with the award taken back", () => {
    const stream = [registered(), marked("present"), unregistered()];
    // the subscriber handles the mark only once the unregistration is in the stream: it acts on the latest change
    const late = eventAttendanceMark(stream, "m-1", event)!;
    expect(late).toMatchObject({ earns: false, reason: "Unregistered from Points Night" });
    expect(attendanceCommand(late, 25)?.type).toBe("RevokeSourceAward");
  });

  it("the points spent already: the reversal is refused and the award stays (a member never goes below zero)", () => {
    const stream = [registered(), marked("present")];
    const awarded = ledgerOf(stream);
    const spend = decidePoints(awarded.state, { type: "SpendPoints", data: { organizationId: "org-1", participantId: "m-1", entryId: "s-1", amount: 20, reason: "Order", orderId: "o-1" }, metadata: { commandId: "spend", organizationId: "org-1", actorId: null } }) as PointsEvent[];
    const spent = spend.reduce(pointsDecider.evolve, awarded.state);
    const after = ledgerOf([...stream, unregistered()], { start: spent });
    expect(after.refusals).toContain("POINTS_SPENT_ALREADY");
    expect(after.state.balance).toBe(5);
  });
});

describe("an order given up on (decision 086)", () => {
  const meta = { commandId: "c", organizationId: "org-1", actorId: null };
  const abandon: OrderCommand = { type: "AbandonOrder", data: { organizationId: "org-1", orderId: "o-1", participantId: "m-1" }, metadata: meta };
  const place: OrderCommand = { type: "PlaceOrder", data: { organizationId: "org-1", orderId: "o-1", participantId: "m-1", lines: [{ itemId: "i-1", name: "Pin", price: 10, quantity: 1 }] }, metadata: meta };

  it("closes an order not placed, so it can no longer be placed; a placed order is not given up", () => {
    const empty = orderDecider.initialState();
    const given = decideOrder(empty, abandon);
    expect(given).toEqual([{ type: "OrderAbandoned", data: { organizationId: "org-1", orderId: "o-1", participantId: "m-1" } }]);
    const closed = (given as never[]).reduce(orderDecider.evolve, empty);
    expect((decideOrder(closed, place) as DomainError).code).toBe("CHECKOUT_ABANDONED");
    expect(decideOrder(closed, abandon)).toEqual([]);
    const placed = (decideOrder(empty, place) as never[]).reduce(orderDecider.evolve, empty);
    expect(decideOrder(placed, abandon)).toEqual([]);
  });
});
