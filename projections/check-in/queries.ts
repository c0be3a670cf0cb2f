import type { Kysely } from "kysely";
import { photoRowOf } from "../assets";
import type { ReadModels } from "../read-models";
import { toBoardRow, type BoardRow } from "./projection";

export type DayQuery = { start: string; end: string; search?: string; notYetCheckedOut?: boolean };

/**
 * The organization's visits, each with when its member's photo was registered: a LEFT JOIN on the assets
 * read model (by its primary key) in the same query, no N+1 (docs/decisions/023).
 */
const visits = (db: Kysely<ReadModels>, organizationId: string) =>
  db
    .selectFrom("rm_check_ins")
    .leftJoin("rm_assets", (join) => join.on(photoRowOf(organizationId, "rm_check_ins.participant_id")))
    .selectAll("rm_check_ins")
    .select("rm_assets.updated_at as photo_registered_at")
    .where("rm_check_ins.organization_id", "=", organizationId);

type VisitRow = Awaited<ReturnType<ReturnType<typeof visits>["execute"]>>[number];
const boardRowOf = (row: VisitRow): BoardRow => toBoardRow(row, row.photo_registered_at);

/** The board for a day: visits that began in [start, end), newest first. */
export async function boardForDay(db: Kysely<ReadModels>, organizationId: string, q: DayQuery): Promise<BoardRow[]> {
  let query = visits(db, organizationId).where("rm_check_ins.check_in_time", ">=", new Date(q.start)).where("rm_check_ins.check_in_time", "<", new Date(q.end));
  if (q.notYetCheckedOut) query = query.where("rm_check_ins.check_out_time", "is", null);
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb("rm_check_ins.full_name", "ilike", like), eb("rm_check_ins.member_id", "ilike", like)]));
  }
  const rows = await query.orderBy("rm_check_ins.check_in_time", "desc").limit(2000).execute();
  return rows.map(boardRowOf);
}

/** Pages of every visit, newest first, for the JSON export (size up to 1000). */
export async function checkInExportPage(db: Kysely<ReadModels>, organizationId: string, page: number, size: number) {
  const [rows, total] = await Promise.all([
    visits(db, organizationId)
      .orderBy("rm_check_ins.check_in_time", "desc")
      .orderBy("rm_check_ins.id")
      .offset(page * size)
      .limit(size)
      .execute(),
    db.selectFrom("rm_check_ins").select((eb) => eb.fn.countAll<number>().as("n")).where("organization_id", "=", organizationId).executeTakeFirst(),
  ]);
  return { data: rows.map(boardRowOf), count: Number(total?.n ?? 0), additional_info: {} };
}

export async function visitById(db: Kysely<ReadModels>, organizationId: string, id: string) {
  const row = await visits(db, organizationId).where("rm_check_ins.id", "=", id).executeTakeFirst();
  return row ? boardRowOf(row) : undefined;
}

/** The latest visit of a member in a day, for the participant dialog. */
export async function latestVisit(db: Kysely<ReadModels>, organizationId: string, participantId: string, day: { start: string; end: string }) {
  const row = await visits(db, organizationId)
    .where("rm_check_ins.participant_id", "=", participantId)
    .where("rm_check_ins.check_in_time", ">=", new Date(day.start))
    .where("rm_check_ins.check_in_time", "<", new Date(day.end))
    .orderBy("rm_check_ins.check_in_time", "desc")
    .executeTakeFirst();
  return row ? boardRowOf(row) : undefined;
}
