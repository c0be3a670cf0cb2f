import { sql, type Kysely, type Transaction } from "kysely";
import { POINTS_EVENT_TYPES, isPointsEvent, periodStarts, type AnyPointsEvent } from "../../modules/points";
import { timeZoneOf } from "../../modules/organizations";
import { getOrganization } from "../organizations";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection, type LiveMessageLike } from "../runner";
import type { PointTables } from "./tables";

type Db = Kysely<PointTables> | Transaction<PointTables>;

/** Live topics (decision 075): the leaderboard moves, the store's stock or orders change. */
export const LEADERBOARD_TOPIC = "leaderboard";
export const STORE_TOPIC = "store";
export const POINTS_CHANGED = "points:changed";
export const STORE_CHANGED = "store:changed";

/** An organization's time zone, read once per batch (the leaderboard's calendar periods, decision 085). */
type Zones = Map<string, Promise<string>>;
const zoneOf = (db: Db, zones: Zones, organizationId: string) => {
  let zone = zones.get(organizationId);
  if (!zone) zones.set(organizationId, (zone = getOrganization(db as never, organizationId).then((o) => timeZoneOf(o?.settings))));
  return zone;
};

/**
 * The member's points stream folded beside the balance (decision 125): every event moves it by its amount, only from
 * the revision just before it, so a replayed event changes nothing and a gap (an event not seen) makes it unknown
 * (null) for good; the checkout trusts it only as far as an append with its revision proves it.
 */
const streamFold = (revision: number, delta: number) => ({
  stream_balance: sql<number | null>`case when rm_point_balances.stream_revision = ${revision - 1}::int then rm_point_balances.stream_balance + ${delta}::int when rm_point_balances.stream_revision >= ${revision}::int then rm_point_balances.stream_balance end` as unknown as number | null,
  stream_revision: sql<number>`greatest(rm_point_balances.stream_revision, ${revision}::int)` as unknown as number,
});
/** a member's first balance row: the fold starts at the stream's first event */
const streamStart = (revision: number, delta: number) => ({ stream_revision: revision, stream_balance: revision === 0 ? delta : null });

async function entry(db: Db, zones: Zones, event: RecordedEvent, row: { participantId: string; organizationId: string; entryId: string; kind: string; amount: number; category: string | null; reason: string; sourceKind: string | null; sourceId: string | null; reversesId: string | null; actorId: string | null }) {
  const at = event.metadata.occurredAt;
  const inserted = await db
    .insertInto("rm_point_entries")
    .values({ id: row.entryId, organization_id: row.organizationId, participant_id: row.participantId, kind: row.kind, amount: row.amount, category: row.category as never, reason: row.reason, source_kind: row.sourceKind, source_id: row.sourceId, reverses_id: row.reversesId, reversed: false, actor_id: row.actorId, created_at: at })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) {
    // an entry seen already (a replay, or an event reusing an entry id): the balance stays, the stream moved
    await db.updateTable("rm_point_balances").set(streamFold(event.revision, row.amount)).where("participant_id", "=", row.participantId).execute();
    return;
  }
  // earned: what the leaderboard ranks (awards less their reversals; spending does not lower a rank)
  const earned = row.kind === "award" ? row.amount : row.kind === "reversal" ? row.amount : 0;
  const balance = await db
    .insertInto("rm_point_balances")
    .values({ participant_id: row.participantId, organization_id: row.organizationId, balance: row.amount, earned, hidden: false, entries: 1, updated_at: at, ...streamStart(event.revision, row.amount) })
    .onConflict((oc) =>
      oc.column("participant_id").doUpdateSet({
        ...streamFold(event.revision, row.amount),
        balance: sql<number>`rm_point_balances.balance + ${row.amount}::int` as unknown as number,
        earned: sql<number>`rm_point_balances.earned + ${earned}::int` as unknown as number,
        entries: sql<number>`rm_point_balances.entries + 1` as unknown as number,
        updated_at: at,
      }),
    )
    .returning("hidden")
    .executeTakeFirst();
  if (earned === 0) return;
  // the calendar week and month the points were earned in (a reversal counts in its own period)
  const starts = periodStarts(await zoneOf(db, zones, row.organizationId), new Date(at));
  await db
    .insertInto("rm_point_periods")
    .values((["week", "month"] as const).map((period) => ({ organization_id: row.organizationId, period, starts_on: starts[period], participant_id: row.participantId, earned, hidden: balance?.hidden ?? false })))
    .onConflict((oc) => oc.columns(["participant_id", "period", "starts_on"]).doUpdateSet({ earned: sql<number>`rm_point_periods.earned + ${earned}::int` as unknown as number }))
    .execute();
}

async function applyEvent(db: Db, zones: Zones, event: RecordedEvent<AnyPointsEvent>, live: Map<string, Set<string>>): Promise<void> {
  const at = event.metadata.occurredAt;
  const touch = (org: string, topic: string) => live.set(org, (live.get(org) ?? new Set()).add(topic));
  switch (event.type) {
    case "PointsAwarded": {
      const d = event.data;
      await entry(db, zones, event, { ...d, kind: "award", sourceKind: d.source.kind, sourceId: d.source.id, reversesId: null, actorId: d.awardedBy });
      return void touch(d.organizationId, LEADERBOARD_TOPIC);
    }
    case "PointsSpent": {
      const d = event.data;
      await entry(db, zones, event, { ...d, amount: -d.amount, kind: "spend", category: null, sourceKind: "order", sourceId: d.orderId, reversesId: null, actorId: d.spentBy });
      return void touch(d.organizationId, LEADERBOARD_TOPIC);
    }
    case "PointsReversed": {
      const d = event.data;
      await entry(db, zones, event, { ...d, amount: -d.amount, kind: "reversal", sourceKind: null, sourceId: null, reversesId: d.reversesEntryId, actorId: d.reversedBy });
      await db.updateTable("rm_point_entries").set({ reversed: true }).where("id", "=", d.reversesEntryId).execute();
      return void touch(d.organizationId, LEADERBOARD_TOPIC);
    }
    case "PointsRefunded": {
      const d = event.data;
      await entry(db, zones, event, { ...d, kind: "refund", category: null, sourceKind: "order", sourceId: d.orderId, reversesId: null, actorId: d.refundedBy });
      return void touch(d.organizationId, LEADERBOARD_TOPIC);
    }
    case "LeaderboardVisibilitySet": {
      const d = event.data;
      await db
        .insertInto("rm_point_balances")
        .values({ participant_id: d.participantId, organization_id: d.organizationId, balance: 0, earned: 0, hidden: d.hidden, updated_at: at, ...streamStart(event.revision, 0) })
        .onConflict((oc) => oc.column("participant_id").doUpdateSet({ hidden: d.hidden, ...streamFold(event.revision, 0) }))
        .execute();
      await db.updateTable("rm_point_periods").set({ hidden: d.hidden }).where("participant_id", "=", d.participantId).execute();
      return void touch(d.organizationId, LEADERBOARD_TOPIC);
    }
    case "StoreItemCreated":
    case "StoreItemUpdated": {
      const d = event.data;
      const fields = { name: d.name, description: d.description, picture: d.picture, price: d.price, stock: d.stock, per_member_limit: d.perMemberLimit, visible_groups: JSON.stringify(d.visibleGroups), updated_at: at };
      await db
        .insertInto("rm_store_items")
        .values({ id: d.itemId, organization_id: d.organizationId, reserved: 0, removed: false, created_at: at, ...fields })
        .onConflict((oc) => oc.column("id").doUpdateSet(fields))
        .execute();
      return void touch(d.organizationId, STORE_TOPIC);
    }
    case "StoreItemRemoved":
      await db.updateTable("rm_store_items").set({ removed: true, updated_at: at }).where("id", "=", event.data.itemId).execute();
      return void touch(event.data.organizationId, STORE_TOPIC);
    case "StoreItemReserved":
    case "StoreItemReleased": {
      const d = event.data;
      const delta = event.type === "StoreItemReserved" ? d.quantity : -d.quantity;
      await db.updateTable("rm_store_items").set({ reserved: sql<number>`reserved + ${delta}::int` as unknown as number }).where("id", "=", d.itemId).execute();
      if (event.type === "StoreItemReserved") {
        await db.insertInto("rm_store_reservations").values({ order_id: d.orderId, item_id: d.itemId, organization_id: d.organizationId, participant_id: d.participantId, quantity: d.quantity, reserved_at: at }).onConflict((oc) => oc.columns(["order_id", "item_id"]).doNothing()).execute();
      } else {
        await db.deleteFrom("rm_store_reservations").where("order_id", "=", d.orderId).where("item_id", "=", d.itemId).execute();
      }
      return void touch(d.organizationId, STORE_TOPIC);
    }
    case "OrderPlaced": {
      const d = event.data;
      await db
        .insertInto("rm_store_orders")
        .values({ id: d.orderId, organization_id: d.organizationId, participant_id: d.participantId, lines: JSON.stringify(d.lines), total: d.total, status: "Pending", created_at: at, updated_at: at })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      // its units are the order's now
      await db.deleteFrom("rm_store_reservations").where("order_id", "=", d.orderId).execute();
      return void touch(d.organizationId, STORE_TOPIC);
    }
    case "OrderAbandoned":
      // its units go back by their own StoreItemReleased events
      return;
    case "OrderStatusChanged":
      await db.updateTable("rm_store_orders").set({ status: event.data.status, updated_at: at }).where("id", "=", event.data.orderId).execute();
      return void touch(event.data.organizationId, STORE_TOPIC);
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The points ledger and balances, the store's items (with units reserved) and the orders. */
export const pointsProjection = defineProjection<PointTables>({
  name: "points",
  tables: ["rm_point_entries", "rm_point_balances", "rm_point_periods", "rm_store_items", "rm_store_reservations", "rm_store_orders"],
  eventTypes: POINTS_EVENT_TYPES,
  async apply(db, events) {
    const live = new Map<string, Set<string>>();
    const zones: Zones = new Map();
    for (const event of events) if (isPointsEvent(event)) await applyEvent(db, zones, event as RecordedEvent<AnyPointsEvent>, live);
    const messages: LiveMessageLike[] = [];
    for (const [organizationId, topics] of live) for (const topic of topics) messages.push({ organizationId, topic, event: topic === STORE_TOPIC ? STORE_CHANGED : POINTS_CHANGED, payload: {} });
    return messages;
  },
});
