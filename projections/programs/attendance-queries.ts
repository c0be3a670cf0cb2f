import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

export type SessionMark = { participant_id: string; status: "present" | "absent" | "late" | "excused"; note: string | null; marked_by: string | null; marked_at: string };
export type SessionDropIn = { participant_id: string; added_at: string };
export type RangeMark = { session_date: string; start_time: string; participant_id: string; status: SessionMark["status"] };
export type RangeDropIn = { session_date: string; start_time: string; participant_id: string };

const iso = (d: Date | string) => new Date(d).toISOString();

/** One session's marks and drop-ins (decision 046). */
export async function sessionAttendance(db: Kysely<ReadModels>, organizationId: string, programId: string, date: string, startTime: string) {
  const [marks, dropIns] = await Promise.all([
    db
      .selectFrom("rm_program_attendance")
      .select(["participant_id", "status", "note", "marked_by", "marked_at"])
      .where("organization_id", "=", organizationId)
      .where("program_id", "=", programId)
      .where("session_date", "=", date)
      .where("start_time", "=", startTime)
      .execute(),
    db
      .selectFrom("rm_program_drop_ins")
      .select(["participant_id", "added_at"])
      .where("organization_id", "=", organizationId)
      .where("program_id", "=", programId)
      .where("session_date", "=", date)
      .where("start_time", "=", startTime)
      .orderBy("added_at")
      .execute(),
  ]);
  return {
    marks: marks.map((m): SessionMark => ({ ...m, marked_at: iso(m.marked_at) })),
    dropIns: dropIns.map((d): SessionDropIn => ({ participant_id: d.participant_id, added_at: iso(d.added_at) })),
  };
}

/** A program's marks and drop-ins of the sessions from `from` to `to` (days, both included), for the sessions list's counts. */
export async function attendanceBetween(db: Kysely<ReadModels>, organizationId: string, programId: string, from: string, to: string) {
  const [marks, dropIns] = await Promise.all([
    db
      .selectFrom("rm_program_attendance")
      .select(["session_date", "start_time", "participant_id", "status"])
      .where("organization_id", "=", organizationId)
      .where("program_id", "=", programId)
      .where("session_date", ">=", from)
      .where("session_date", "<=", to)
      .execute(),
    db
      .selectFrom("rm_program_drop_ins")
      .select(["session_date", "start_time", "participant_id"])
      .where("organization_id", "=", organizationId)
      .where("program_id", "=", programId)
      .where("session_date", ">=", from)
      .where("session_date", "<=", to)
      .execute(),
  ]);
  return { marks: marks as RangeMark[], dropIns: dropIns as RangeDropIn[] };
}
