import { sql, type Kysely } from "kysely";

/**
 * Decision 138: the all-time board's index carries the leaderboard's whole order (points earned, then the member's
 * id), so its top rows are read off the index even when many members have the same points; the index it replaces
 * (points earned only) left every tie to be fetched and sorted (20,000 tied members: 52 ms a call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_point_balances_board_order_idx on rm_point_balances (organization_id, earned desc, participant_id) where not hidden`.execute(db);
  await sql`drop index if exists rm_point_balances_board_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_point_balances_board_idx on rm_point_balances (organization_id, earned desc) where not hidden`.execute(db);
  await sql`drop index if exists rm_point_balances_board_order_idx`.execute(db);
}
