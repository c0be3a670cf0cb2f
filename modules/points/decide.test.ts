import { describe, expect, it } from "vitest";
import { DomainError, type CommandMetadata } from "../kernel";
import { decideItem, decideOrder, decidePoints, itemDecider, orderDecider, pointsDecider, type ItemCommand, type ItemState, type OrderState, type PointsCommand, type PointsState } from "./decide";
import type { OrderEvent, PointSource, PointsEvent, StoreItemEvent, StoreItemFields } from "./events";

const org = "org-1";
const p = "member-1";
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: org, actorId: "coach-1" };
const manual: PointSource = { kind: "manual", id: null };
const session = (id: string): PointSource => ({ kind: "session", id });

const fold = (events: PointsEvent[]): PointsState => events.reduce(pointsDecider.evolve, pointsDecider.initialState());
const award = (entryId: string, amount: number, source = manual, category: "general" | "attendance" = "general"): PointsCommand => ({ type: "AwardPoints", data: { organizationId: org, participantId: p, entryId, amount, category, reason: "Helped set up", source }, metadata });
const spend = (orderId: string, amount: number): PointsCommand => ({ type: "SpendPoints", data: { organizationId: org, participantId: p, entryId: `spend-${orderId}`, amount, reason: "Order", orderId }, metadata });
const reverse = (entryId: string, of: string): PointsCommand => ({ type: "ReversePoints", data: { organizationId: org, participantId: p, entryId, reversesEntryId: of, reason: "Entered twice" }, metadata });
/** given events, when command: the events it decides (applied to the state) or its refusal */
function run(state: PointsState, command: PointsCommand): { state: PointsState; result: PointsEvent[] | DomainError } {
  const result = decidePoints(state, command);
  return { state: result instanceof DomainError ? state : result.reduce(pointsDecider.evolve, state), result };
}
const codeOf = (r: unknown) => (r instanceof DomainError ? r.code : "ok");

describe("the points ledger (decision 075)", () => {
  it("awards whole points from 1 to 10 000 and refuses fractional, zero, negative or too many, with a reason required", () => {
    const empty = pointsDecider.initialState();
    expect(decidePoints(empty, award("e1", 25))).toEqual([expect.objectContaining({ type: "PointsAwarded", data: expect.objectContaining({ amount: 25, reason: "Helped set up" }) })]);
    for (const bad of [0, -5, 2.5, 10_001, Number.NaN]) expect(codeOf(decidePoints(empty, award("e1", bad)))).toBe("POINTS_AMOUNT_INVALID");
    expect(codeOf(decidePoints(empty, { ...award("e1", 5), data: { ...award("e1", 5).data, reason: "  " } } as PointsCommand))).toBe("POINTS_REASON_REQUIRED");
  });

  it("spends only what the balance holds: never negative, the refusal says what is left", () => {
    const state = fold(decidePoints(pointsDecider.initialState(), award("e1", 30)) as PointsEvent[]);
    const refused = decidePoints(state, spend("o1", 31));
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe("Not enough points: 30 left, 31 needed");
    const { state: after } = run(state, spend("o1", 30));
    expect(after.balance).toBe(0);
    expect(codeOf(decidePoints(after, spend("o2", 1)))).toBe("POINTS_NOT_ENOUGH");
    // the same order spends once
    expect(decidePoints(after, spend("o1", 30))).toEqual([]);
    expect(codeOf(decidePoints(state, spend("o3", 0)))).toBe("POINTS_AMOUNT_INVALID");
  });

  it("reverses an award once, by a new event with its amount; not a spend, not points already spent", () => {
    let { state } = run(pointsDecider.initialState(), award("e1", 10));
    const first = run(state, reverse("r1", "e1"));
    expect(first.result).toEqual([expect.objectContaining({ type: "PointsReversed", data: expect.objectContaining({ reversesEntryId: "e1", amount: 10, reason: "Entered twice" }) })]);
    state = first.state;
    expect(state.balance).toBe(0);
    expect(codeOf(decidePoints(state, reverse("r2", "e1")))).toBe("POINTS_REVERSED_ALREADY");
    expect(codeOf(decidePoints(state, reverse("r2", "nope")))).toBe("POINT_NOT_FOUND");

    let spent = run(run(pointsDecider.initialState(), award("e2", 10)).state, spend("o1", 8)).state;
    expect(codeOf(decidePoints(spent, reverse("r3", "e2")))).toBe("POINTS_SPENT_ALREADY");
    expect(codeOf(decidePoints(spent, reverse("r3", "spend-o1")))).toBe("POINTS_NOT_REVERSIBLE");
    // a refund of the order gives the points back once; then the award can be reversed
    const refund: PointsCommand = { type: "RefundOrder", data: { organizationId: org, participantId: p, entryId: "rf1", orderId: "o1", reason: "Cancelled" }, metadata };
    spent = run(spent, refund).state;
    expect(spent.balance).toBe(10);
    expect(decidePoints(spent, refund)).toEqual([]);
    expect(codeOf(decidePoints(spent, reverse("r3", "e2")))).toBe("ok");
  });

  it("awards an attendance once while it stands, however often attendance is marked, unmarked and marked again", () => {
    const revoke = (entryId: string): PointsCommand => ({ type: "RevokeSourceAward", data: { organizationId: org, participantId: p, entryId, source: session("s1"), category: "attendance", reason: "Attendance removed" }, metadata });
    let { state } = run(pointsDecider.initialState(), award("a1", 5, session("s1"), "attendance"));
    expect(decidePoints(state, award("a2", 5, session("s1"), "attendance"))).toEqual([]);
    state = run(state, revoke("x1")).state;
    expect(state.balance).toBe(0);
    expect(decidePoints(state, revoke("x2"))).toEqual([]);
    state = run(state, award("a3", 5, session("s1"), "attendance")).state;
    state = run(state, award("a4", 5, session("s1"), "attendance")).state;
    expect(state.balance).toBe(5);
    // another session is another attendance
    expect(run(state, award("a5", 5, session("s2"), "attendance")).state.balance).toBe(10);
  });

  it("over random award, spend and reverse sequences the balance is never negative and equals the sum of the entries", () => {
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 50; round++) {
      let state = pointsDecider.initialState();
      const awards: string[] = [];
      for (let i = 0; i < 60; i++) {
        const pick = rand(3);
        const command = pick === 0 ? award(`e${i}`, 1 + rand(50)) : pick === 1 ? spend(`o${i}`, 1 + rand(80)) : reverse(`r${i}`, awards[rand(awards.length + 1)] ?? "none");
        const next = run(state, command);
        if (pick === 0 && !(next.result instanceof DomainError)) awards.push(`e${i}`);
        state = next.state;
        expect(state.balance).toBeGreaterThanOrEqual(0);
        expect(state.balance).toBe(Object.values(state.entries).reduce((s, e) => s + e.amount, 0));
      }
    }
  });

  it("hides a member from the leaderboard and shows them again", () => {
    const hide = (hidden: boolean): PointsCommand => ({ type: "SetLeaderboardVisibility", data: { organizationId: org, participantId: p, hidden }, metadata });
    const state = run(pointsDecider.initialState(), hide(true)).state;
    expect(state.hidden).toBe(true);
    expect(decidePoints(state, hide(true))).toEqual([]);
    expect(run(state, hide(false)).state.hidden).toBe(false);
  });
});

const fields: StoreItemFields = { name: "Water bottle", description: "", picture: null, price: 40, stock: 3, perMemberLimit: 2, visibleGroups: [] };
const created: StoreItemEvent = { type: "StoreItemCreated", data: { organizationId: org, itemId: "i1", createdBy: "coach-1", ...fields } };
const foldItem = (events: StoreItemEvent[]): ItemState => events.reduce(itemDecider.evolve, itemDecider.initialState());
const reserve = (orderId: string, participantId: string, quantity: number, roleName = "PARTICIPANT"): ItemCommand => ({ type: "ReserveStoreItem", data: { organizationId: org, itemId: "i1", orderId, participantId, quantity, roleName }, metadata });
function runItem(state: ItemState, command: ItemCommand) {
  const result = decideItem(state, command);
  return { state: result instanceof DomainError ? state : result.reduce(itemDecider.evolve, state), result };
}

describe("store items (decision 076)", () => {
  it("reserves stock, never more than there is, and each member within the limit", () => {
    let state = foldItem([created]);
    state = runItem(state, reserve("o1", "m1", 2)).state;
    expect(codeOf(decideItem(state, reserve("o2", "m1", 1)))).toBe("STORE_ITEM_LIMIT");
    expect((decideItem(state, reserve("o2", "m2", 2)) as DomainError).message).toBe("Only 1 of Water bottle left");
    state = runItem(state, reserve("o2", "m2", 1)).state;
    expect((decideItem(state, reserve("o3", "m3", 1)) as DomainError).message).toBe("Water bottle is sold out");
    // the same order reserves once
    expect(decideItem(state, reserve("o2", "m2", 1))).toEqual([]);
    // a release gives the units back
    state = runItem(state, { type: "ReleaseStoreItem", data: { organizationId: org, itemId: "i1", orderId: "o1" }, metadata }).state;
    expect(state.reserved).toBe(1);
    expect(codeOf(decideItem(state, reserve("o3", "m3", 2)))).toBe("ok");
  });

  it("refuses a hidden or removed item, another organization's, and stock below the units ordered", () => {
    const hidden = foldItem([{ ...created, data: { ...created.data, visibleGroups: ["COACH"] } } as StoreItemEvent]);
    expect((decideItem(hidden, reserve("o1", "m1", 1)) as DomainError).message).toBe("Water bottle is no longer in the store");
    const removed = foldItem([created, { type: "StoreItemRemoved", data: { organizationId: org, itemId: "i1", removedBy: null } }]);
    expect(codeOf(decideItem(removed, reserve("o1", "m1", 1)))).toBe("STORE_ITEM_UNAVAILABLE");
    expect(codeOf(decideItem(foldItem([created]), { ...reserve("o1", "m1", 1), data: { ...reserve("o1", "m1", 1).data, organizationId: "org-2" } } as ItemCommand))).toBe("STORE_ITEM_NOT_FOUND");
    const ordered = runItem(foldItem([created]), reserve("o1", "m1", 2)).state;
    const update = (stock: number): ItemCommand => ({ type: "UpdateStoreItem", data: { organizationId: org, itemId: "i1", fields: { ...fields, stock } }, metadata });
    expect((decideItem(ordered, update(1)) as DomainError).message).toBe("Stock cannot be below the 2 units already ordered");
    expect(codeOf(decideItem(ordered, update(2)))).toBe("ok");
  });
});

describe("orders (decision 076)", () => {
  const placed: OrderEvent = { type: "OrderPlaced", data: { organizationId: org, orderId: "o1", participantId: p, lines: [{ itemId: "i1", name: "Water bottle", price: 40, quantity: 2 }], total: 80, placedBy: p } };
  const foldOrder = (events: OrderEvent[]): OrderState => events.reduce(orderDecider.evolve, orderDecider.initialState());
  const move = (status: "Ready" | "Fulfilled" | "Cancelled") => ({ type: "ChangeOrderStatus" as const, data: { organizationId: org, orderId: "o1", status }, metadata });

  it("totals the server's prices and moves Pending, Ready, Fulfilled; a fulfilled or cancelled order stays", () => {
    const events = decideOrder(orderDecider.initialState(), { type: "PlaceOrder", data: { organizationId: org, orderId: "o1", participantId: p, lines: placed.data.lines }, metadata }) as OrderEvent[];
    expect(events[0]!.data).toMatchObject({ total: 80 });
    let state = foldOrder([placed]);
    expect(state.status).toBe("Pending");
    state = (decideOrder(state, move("Ready")) as OrderEvent[]).reduce(orderDecider.evolve, state);
    expect(codeOf(decideOrder(state, move("Fulfilled")))).toBe("ok");
    const done = foldOrder([placed, { type: "OrderStatusChanged", data: { organizationId: org, orderId: "o1", participantId: p, status: "Fulfilled", changedBy: null } }]);
    expect((decideOrder(done, move("Cancelled")) as DomainError).message).toBe("A fulfilled order cannot become cancelled");
    const cancelled = foldOrder([placed, { type: "OrderStatusChanged", data: { organizationId: org, orderId: "o1", participantId: p, status: "Cancelled", changedBy: null } }]);
    expect(codeOf(decideOrder(cancelled, move("Ready")))).toBe("ORDER_STATUS_INVALID");
    expect(codeOf(decideOrder(foldOrder([]), move("Ready")))).toBe("ORDER_NOT_FOUND");
  });
});
