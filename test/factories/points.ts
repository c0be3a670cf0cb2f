import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { itemDecider, orderDecider, pointsDecider, pointsStreamId, orderStreamId, storeItemStreamId, type ItemCommand, type OrderCommand, type OrderLine, type PointCategory, type PointsCommand, type PointsEvent, type StoreItemFields } from "../../modules/points";
import { inPool } from "./participants";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; name: string };
const DAY = 86_400_000;

/** The demo store (decision 076): what a youth centre hands out for points. */
export const DEMO_STORE_ITEMS: readonly StoreItemFields[] = [
  { name: "Snack voucher", description: "One snack from the tuck shop.", picture: null, price: 30, stock: 200, perMemberLimit: null, visibleGroups: [] },
  { name: "Water bottle", description: "A steel bottle with the centre's logo.", picture: null, price: 150, stock: 25, perMemberLimit: 1, visibleGroups: [] },
  { name: "Art kit", description: "Markers, a sketchbook and pencils.", picture: null, price: 250, stock: 12, perMemberLimit: 2, visibleGroups: [] },
  { name: "Movie night ticket", description: "A seat and popcorn at the next movie night.", picture: null, price: 400, stock: 6, perMemberLimit: 1, visibleGroups: [] },
  { name: "Team hoodie", description: "Warm, in the team's colours.", picture: null, price: 600, stock: 8, perMemberLimit: 1, visibleGroups: [] },
];

export const demoStoreItemId = (organizationId: string, index: number) => idFrom("demo", "store-item", organizationId, index);

const REASONS: Record<Exclude<PointCategory, "attendance">, string[]> = {
  general: ["Helped set up the gym", "Cleaned up after the game", "Welcomed a new member"],
  challenge: ["Finished the reading challenge", "Step challenge: 10 000 steps", "Completed the art challenge"],
  life_skills: ["Cooked a healthy snack", "Budgeting workshop", "Led the team talk"],
};

/**
 * Points over the demo season (decision 075): every member earns awards over the last ten weeks (general, challenge,
 * life skills and attendance, by a fixed pattern), one in fifteen has one reversed; the demo children earn enough to
 * shop. One append per member (the seed stays quick), each event dated on its day.
 */
export async function seedDemoPoints(deps: Deps, org: Org, participantIds: readonly string[], coachId: string): Promise<void> {
  const now = deps.clock.now().getTime();
  await inPool(participantIds, 8, async (participantId, i) => {
    const stream = pointsStreamId(participantId);
    const count = 3 + (i % 7);
    const events: { event: PointsEvent; at: number }[] = [];
    for (let k = 0; k < count; k++) {
      const categories = ["attendance", "general", "challenge", "life_skills"] as const;
      const category = categories[(i + k) % 4]!;
      const amount = category === "attendance" ? 10 : 15 + ((i * 13 + k * 7) % 8) * 5;
      const entryId = idFrom("demo", "point", participantId, k);
      const at = now - (70 - Math.floor((k * 68) / count) - (i % 3)) * DAY;
      const reason = category === "attendance" ? "Attended a session" : REASONS[category][(i + k) % 3]!;
      const source = category === "attendance" ? { kind: "session" as const, id: `demo-${k}` } : { kind: "manual" as const, id: null };
      events.push({ event: { type: "PointsAwarded", data: { organizationId: org.id, participantId, entryId, amount, category, reason, source, awardedBy: coachId } }, at });
    }
    if (i % 15 === 4) {
      const first = events[1]!.event.data as { entryId: string; amount: number; category: PointCategory };
      events.push({ event: { type: "PointsReversed", data: { organizationId: org.id, participantId, entryId: idFrom("demo", "point-reversal", participantId), reversesEntryId: first.entryId, amount: first.amount, category: first.category, reason: "Entered twice", reversedBy: coachId } }, at: events[1]!.at + DAY });
    }
    const commandId = idFrom("demo-seed", "points", stream);
    await deps.store.appendToStream<PointsEvent>(
      stream,
      events.map(({ event, at }, index) => ({ ...event, eventId: idFrom(commandId, index), metadata: { organizationId: org.id, actorId: coachId, commandId: idFrom(commandId, "c", index), correlationId: commandId, causationId: null, occurredAt: new Date(at).toISOString() } })),
      { expectedRevision: "any" },
    );
  });
}

/** The demo children (child1@, child2@) get a little more, so they can shop at once. */
export async function seedDemoChildPoints(deps: Deps, org: Org, childIds: readonly string[], coachId: string): Promise<void> {
  for (const [i, participantId] of childIds.entries()) {
    const commandId = idFrom("demo-seed", "child-points", participantId);
    const command: PointsCommand = { type: "AwardPoints", data: { organizationId: org.id, participantId, entryId: idFrom("point-entry", commandId), amount: 700 - i * 200, category: "general", reason: "Season helper", source: { kind: "manual", id: null } }, metadata: { commandId, organizationId: org.id, actorId: coachId } };
    const result = await handleCommand(deps, pointsDecider, pointsStreamId(participantId), command);
    if (!result.ok) throw new Error(`seeding points: ${result.error.message}`);
  }
}

/** The stocked store, and a few orders by generated members in each status (placed as the checkout does: reserve, spend, order). */
export async function seedDemoStore(deps: Deps, org: Org, participantIds: readonly string[], adminId: string): Promise<void> {
  const meta = (...parts: (string | number)[]) => ({ commandId: idFrom("demo-seed", "store", org.id, ...parts), organizationId: org.id, actorId: adminId });
  const ok = <T extends { ok: boolean; error?: { message: string } }>(r: T, what: string) => {
    if (!r.ok) throw new Error(`seeding the store (${what}): ${r.error?.message}`);
    return r;
  };
  for (const [index, fields] of DEMO_STORE_ITEMS.entries()) {
    const itemId = demoStoreItemId(org.id, index);
    ok(await handleCommand(deps, itemDecider, storeItemStreamId(itemId), { type: "CreateStoreItem", data: { organizationId: org.id, itemId, fields }, metadata: meta("item", index) } as ItemCommand), fields.name);
  }
  // [buyer index, item index, quantity, final status]
  const orders = [
    [6, 0, 2, "Fulfilled"],
    [13, 1, 1, "Fulfilled"],
    [20, 0, 1, "Ready"],
    [27, 2, 1, "Pending"],
    [41, 0, 3, "Pending"],
    [48, 1, 1, "Cancelled"],
  ] as const;
  for (const [n, [buyer, itemIndex, quantity, status]] of orders.entries()) {
    const participantId = participantIds[buyer];
    if (!participantId) continue;
    const itemId = demoStoreItemId(org.id, itemIndex);
    const orderId = idFrom("demo", "order", org.id, n);
    const fields = DEMO_STORE_ITEMS[itemIndex]!;
    const reserved = await handleCommand(deps, itemDecider, storeItemStreamId(itemId), { type: "ReserveStoreItem", data: { organizationId: org.id, itemId, orderId, participantId, quantity, roleName: "PARTICIPANT" }, metadata: meta("reserve", n) } as ItemCommand);
    if (!reserved.ok) continue;
    const spent = await handleCommand(deps, pointsDecider, pointsStreamId(participantId), { type: "SpendPoints", data: { organizationId: org.id, participantId, entryId: idFrom("demo", "spend", orderId), amount: fields.price * quantity, reason: `Order: ${quantity > 1 ? `${quantity} x ` : ""}${fields.name}`, orderId }, metadata: meta("spend", n) } as PointsCommand);
    if (!spent.ok) {
      ok(await handleCommand(deps, itemDecider, storeItemStreamId(itemId), { type: "ReleaseStoreItem", data: { organizationId: org.id, itemId, orderId }, metadata: meta("release", n) } as ItemCommand), "release");
      continue;
    }
    const lines: OrderLine[] = [{ itemId, name: fields.name, price: fields.price, quantity }];
    ok(await handleCommand(deps, orderDecider, orderStreamId(orderId), { type: "PlaceOrder", data: { organizationId: org.id, orderId, participantId, lines }, metadata: meta("order", n) } as OrderCommand), "order");
    const path = status === "Fulfilled" ? (["Ready", "Fulfilled"] as const) : status === "Ready" ? (["Ready"] as const) : status === "Cancelled" ? (["Cancelled"] as const) : [];
    for (const to of path) ok(await handleCommand(deps, orderDecider, orderStreamId(orderId), { type: "ChangeOrderStatus", data: { organizationId: org.id, orderId, status: to }, metadata: meta("status", n, to) } as OrderCommand), "status");
    if (status === "Cancelled") {
      ok(await handleCommand(deps, itemDecider, storeItemStreamId(itemId), { type: "ReleaseStoreItem", data: { organizationId: org.id, itemId, orderId }, metadata: meta("cancel-release", n) } as ItemCommand), "release");
      ok(await handleCommand(deps, pointsDecider, pointsStreamId(participantId), { type: "RefundOrder", data: { organizationId: org.id, participantId, entryId: idFrom("demo", "refund", orderId), orderId, reason: "Order cancelled: points returned" }, metadata: meta("refund", n) } as PointsCommand), "refund");
    }
  }
}
