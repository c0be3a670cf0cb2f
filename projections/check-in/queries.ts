import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";
import { toBoardRow, type BoardRow } from "./projection";

export type DayQuery = { start: string; end: string; search?: string; notYetCheckedOut?: boolean };

/** The board for a day: visits that began in [start, end), newest first. */
export async function boardForDay(db: Kysely<ReadModels>, organizationId: string, q: DayQuery): Promise<BoardRow[]> {
  let query = db
    .selectFrom("rm_check_ins")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("check_in_time", ">=", new Date(q.start))
    .where("check_in_time", "<", new Date(q.end));
  if (q.notYetCheckedOut) query = query.where("check_out_time", "is", null);
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb("full_name", "ilike", like), eb("member_id", "ilike", like)]));
  }
  const rows = await query.orderBy("check_in_time", "desc").limit(2000).execute();
  return rows.map(toBoardRow);
}

/** Pages of every visit, newest first, for the JSON export (size up to 1000). */
export async function checkInExportPage(db: Kysely<ReadModels>, organizationId: string, page: number, size: number) {
  const [rows, total] = await Promise.all([
    db.selectFrom("rm_check_ins").selectAll().where("organization_id", "=", organizationId).orderBy("check_in_time", "desc").orderBy("id").offset(page * size).limit(size).execute(),
    db.selectFrom("rm_check_ins").select((eb) => eb.fn.countAll<number>().as("n")).where("organization_id", "=", organizationId).executeTakeFirst(),
  ]);
  return { data: rows.map(toBoardRow), count: Number(total?.n ?? 0), additional_info: {} };
}

export async function visitById(db: Kysely<ReadModels>, organizationId: string, id: string) {
  const row = await db.selectFrom("rm_check_ins").selectAll().where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return row ? toBoardRow(row) : undefined;
}

/** The latest visit of a member in a day, for the participant dialog. */
export async function latestVisit(db: Kysely<ReadModels>, organizationId: string, participantId: string, day: { start: string; end: string }) {
  const row = await db
    .selectFrom("rm_check_ins")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("participant_id", "=", participantId)
    .where("check_in_time", ">=", new Date(day.start))
    .where("check_in_time", "<", new Date(day.end))
    .orderBy("check_in_time", "desc")
    .executeTakeFirst();
  return row ? toBoardRow(row) : undefined;
}
