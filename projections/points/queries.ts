import { sql, type Kysely } from "kysely";
import type { OrderLine, OrderStatus, PointCategory } from "../../modules/points";
import type { PointTables } from "./tables";

const tables = <DB extends PointTables>(db: Kysely<DB>) => db as unknown as Kysely<PointTables>;
const iso = (value: Date | string) => new Date(value).toISOString();

export type PointEntryRow = { id: string; participant_id: string; kind: string; amount: number; category: PointCategory | null; reason: string; source_kind: string | null; source_id: string | null; reverses_id: string | null; reversed: boolean; actor_id: string | null; created_date: string };

/** One member's newest entries (their balance row counts them: no count of the ledger). */
export async function memberEntries<DB extends PointTables>(db: Kysely<DB>, organizationId: string, participantId: string, size: number): Promise<PointEntryRow[]> {
  const rows = await tables(db).selectFrom("rm_point_entries").selectAll().where("participant_id", "=", participantId).where("organization_id", "=", organizationId).orderBy("created_at", "desc").orderBy("id").limit(size).execute();
  return rows.map(({ created_at, organization_id: _o, ...r }) => ({ ...r, created_date: iso(created_at) }) as PointEntryRow);
}

/** A page of the ledger, newest first: the organization's, or one member's. */
export async function pointEntriesPage<DB extends PointTables>(db: Kysely<DB>, organizationId: string, q: { page: number; size: number; participantIds?: readonly string[]; category?: PointCategory }) {
  let base = tables(db).selectFrom("rm_point_entries").where("organization_id", "=", organizationId);
  if (q.participantIds) base = q.participantIds.length === 0 ? base.where(sql<boolean>`false`) : base.where("participant_id", "in", [...q.participantIds]);
  if (q.category) base = base.where("category", "=", q.category);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id").limit(q.size).offset(q.page * q.size).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows.map(({ created_at, organization_id: _o, ...r }) => ({ ...r, created_date: iso(created_at) }) as PointEntryRow), count: Number(count?.n ?? 0) };
}

export async function pointEntryById<DB extends PointTables>(db: Kysely<DB>, organizationId: string, id: string): Promise<PointEntryRow | undefined> {
  const r = await tables(db).selectFrom("rm_point_entries").selectAll().where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  if (!r) return undefined;
  const { created_at, organization_id: _o, ...rest } = r;
  return { ...rest, created_date: iso(created_at) };
}

export type BalanceRow = { participant_id: string; balance: number; earned: number; hidden: boolean; entries: number };
export async function balancesOf<DB extends PointTables>(db: Kysely<DB>, organizationId: string, participantIds: readonly string[]): Promise<BalanceRow[]> {
  if (participantIds.length === 0) return [];
  return tables(db).selectFrom("rm_point_balances").select(["participant_id", "balance", "earned", "hidden", "entries"]).where("organization_id", "=", organizationId).where("participant_id", "in", [...participantIds]).execute();
}

export type PointsStreamFold = { revision: number; balance: number; entryAmount: number | null };
/**
 * Members' points streams as their balance rows fold them (decision 125), in one statement: for each ask, the revision
 * the fold is at, the balance there, and the amount of the ledger entry `entryId` when the fold has it (null when
 * not); undefined when the fold is not known (no row, another organization's, or a row not folded).
 */
export async function pointsStreamFolds<DB extends PointTables>(db: Kysely<DB>, asks: readonly { organizationId: string; participantId: string; entryId: string }[]): Promise<(PointsStreamFold | undefined)[]> {
  if (asks.length === 0) return [];
  const { rows } = await sql<{ k: string; stream_revision: number | null; stream_balance: number | null; entry_amount: number | null }>`
    select a.k, b.stream_revision, b.stream_balance, (select e.amount from rm_point_entries e where e.id = a.entry_id) as entry_amount
      from unnest(${asks.map((a) => a.organizationId)}::text[], ${asks.map((a) => a.participantId)}::text[], ${asks.map((a) => a.entryId)}::text[]) with ordinality as a (organization_id, participant_id, entry_id, k)
      join rm_point_balances b on b.participant_id = a.participant_id and b.organization_id = a.organization_id`.execute(db);
  const byAsk = new Map(rows.map((r) => [Number(r.k) - 1, r]));
  return asks.map((_, i) => {
    const row = byAsk.get(i);
    if (!row || row.stream_revision === null || row.stream_balance === null) return undefined;
    return { revision: row.stream_revision, balance: row.stream_balance, entryAmount: row.entry_amount ?? null };
  });
}

/**
 * `not hidden` written into the statement, not bound: the board indexes are partial (`where not hidden`), and a
 * prepared statement's generic plan cannot prove a bound `hidden = $n` implies that, so it scanned the whole table
 * (bench:points: leaderboard "all" p50 81 ms, decision 136)
 */
const NOT_HIDDEN = sql<boolean>`not hidden`;

/**
 * The leaderboard (decision 085): points earned (awards less reversals), all time or in one calendar period
 * (`period`, its first day `startsOn`), from the rows the projector keeps: the first rows of an index.
 * `among`: only these members (a program's board); hidden members are left out.
 */
export async function leaderboardRows<DB extends PointTables>(db: Kysely<DB>, organizationId: string, q: { period: "all" | "week" | "month"; startsOn: string | null; size: number; among?: readonly string[] }): Promise<{ participant_id: string; points: number }[]> {
  if (q.among && q.among.length === 0) return [];
  if (q.period === "all" || !q.startsOn) {
    let query = tables(db).selectFrom("rm_point_balances").select(["participant_id", "earned"]).where("organization_id", "=", organizationId).where(NOT_HIDDEN).where("earned", ">", 0);
    if (q.among) query = query.where("participant_id", "in", [...q.among]);
    const rows = await query.orderBy("earned", "desc").orderBy("participant_id").limit(q.size).execute();
    return rows.map((r) => ({ participant_id: r.participant_id, points: r.earned }));
  }
  let query = tables(db)
    .selectFrom("rm_point_periods")
    .select(["participant_id", "earned"])
    .where("organization_id", "=", organizationId)
    .where("period", "=", q.period)
    .where("starts_on", "=", q.startsOn)
    .where(NOT_HIDDEN)
    .where("earned", ">", 0);
  if (q.among) query = query.where("participant_id", "in", [...q.among]);
  const rows = await query.orderBy("earned", "desc").orderBy("participant_id").limit(q.size).execute();
  return rows.map((r) => ({ participant_id: r.participant_id, points: r.earned }));
}

/** How many members earned more than `points` (a member's rank is that plus one). */
export async function rankAbove<DB extends PointTables>(db: Kysely<DB>, organizationId: string, points: number): Promise<number> {
  const r = await tables(db).selectFrom("rm_point_balances").select((eb) => eb.fn.countAll<string>().as("n")).where("organization_id", "=", organizationId).where(NOT_HIDDEN).where("earned", ">", points).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export type StoreItemRow = { id: string; name: string; description: string; picture: string | null; price: number; stock: number; reserved: number; available: number; per_member_limit: number | null; visible_groups: string[]; created_date: string; updated_date: string };
const toItem = (r: { id: string; name: string; description: string; picture: string | null; price: number; stock: number; reserved: number; per_member_limit: number | null; visible_groups: string[]; created_at: Date | string; updated_at: Date | string }): StoreItemRow => ({
  id: r.id,
  name: r.name,
  description: r.description,
  picture: r.picture,
  price: r.price,
  stock: r.stock,
  reserved: r.reserved,
  available: Math.max(0, r.stock - r.reserved),
  per_member_limit: r.per_member_limit,
  visible_groups: r.visible_groups,
  created_date: iso(r.created_at),
  updated_date: iso(r.updated_at),
});

/** The store's items (not removed), newest first; `group`: only those visible to that user group. */
export async function storeItemsPage<DB extends PointTables>(db: Kysely<DB>, organizationId: string, q: { page: number; size: number; search?: string; group?: string }) {
  let base = tables(db).selectFrom("rm_store_items").where("organization_id", "=", organizationId).where("removed", "=", false);
  if (q.group) base = base.where(sql<boolean>`(jsonb_array_length(visible_groups) = 0 or visible_groups ? ${q.group})`);
  if (q.search?.trim()) base = base.where("name", "ilike", `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id").limit(q.size).offset(q.page * q.size).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows.map(toItem), count: Number(count?.n ?? 0) };
}

export async function storeItemsByIds<DB extends PointTables>(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<(StoreItemRow & { removed: boolean })[]> {
  if (ids.length === 0) return [];
  const rows = await tables(db).selectFrom("rm_store_items").selectAll().where("organization_id", "=", organizationId).where("id", "in", [...ids]).execute();
  return rows.map((r) => ({ ...toItem(r), removed: r.removed }));
}

export type OrderRow = { id: string; participant_id: string; lines: OrderLine[]; total: number; status: OrderStatus; created_date: string; updated_date: string };
const toOrder = (r: { id: string; participant_id: string; lines: OrderLine[]; total: number; status: OrderStatus; created_at: Date | string; updated_at: Date | string }): OrderRow => ({
  id: r.id,
  participant_id: r.participant_id,
  lines: r.lines,
  total: r.total,
  status: r.status,
  created_date: iso(r.created_at),
  updated_date: iso(r.updated_at),
});

export async function ordersPage<DB extends PointTables>(db: Kysely<DB>, organizationId: string, q: { page: number; size: number; status?: OrderStatus; participantIds?: readonly string[] }) {
  let base = tables(db).selectFrom("rm_store_orders").where("organization_id", "=", organizationId);
  if (q.status) base = base.where("status", "=", q.status);
  if (q.participantIds) base = q.participantIds.length === 0 ? base.where(sql<boolean>`false`) : base.where("participant_id", "in", [...q.participantIds]);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id").limit(q.size).offset(q.page * q.size).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows.map(toOrder), count: Number(count?.n ?? 0) };
}

export async function orderById<DB extends PointTables>(db: Kysely<DB>, organizationId: string, id: string): Promise<OrderRow | undefined> {
  const r = await tables(db).selectFrom("rm_store_orders").selectAll().where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return r ? toOrder(r) : undefined;
}

/** Orders whose checkout reserved units before `before` and has neither placed the order nor released them (decision 086). */
export async function staleReservations<DB extends PointTables>(db: Kysely<DB>, before: Date, limit = 100) {
  return tables(db).selectFrom("rm_store_reservations").select(["order_id", "item_id", "organization_id", "participant_id"]).where("reserved_at", "<", before).orderBy("reserved_at").limit(limit).execute();
}

/**
 * The points the ledger holds for the given members from one program's sessions (source ids `{programId}:…`,
 * sessions.ts' `sessionKey`) or from one event: the standing awards, a reversed one not counted. The program and
 * event reports' `points` column (issue 19): what was really awarded, whatever the points per session were then.
 */
export async function attendancePointsOf<DB extends PointTables>(db: Kysely<DB>, organizationId: string, participantIds: readonly string[], source: { kind: "session"; programId: string } | { kind: "event"; eventId: string }): Promise<Map<string, number>> {
  if (participantIds.length === 0) return new Map();
  let q = tables(db)
    .selectFrom("rm_point_entries")
    .select(["participant_id", (eb) => eb.fn.sum<string>("amount").as("points")])
    .where("organization_id", "=", organizationId)
    .where("participant_id", "in", [...participantIds])
    .where("kind", "=", "award")
    .where("reversed", "=", false)
    .where("source_kind", "=", source.kind);
  q = source.kind === "session" ? q.where("source_id", "like", `${source.programId.replace(/[\\%_]/g, "\\$&")}:%`) : q.where("source_id", "=", source.eventId);
  const rows = await q.groupBy("participant_id").execute();
  return new Map(rows.map((r) => [r.participant_id, Number(r.points)]));
}
