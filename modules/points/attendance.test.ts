import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import { attendanceCommand, type AttendanceMark } from "./attendance";
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
