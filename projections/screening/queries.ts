import { sql, type Kysely } from "kysely";
import { DEFAULT_SCREENING_QUESTIONS, type ScreeningAnswer, type ScreeningQuestion } from "../../modules/screening";
import type { ReadModels } from "../read-models";

/** The organization's questions; the default ones until an admin sets them. */
export async function screeningQuestions(db: Kysely<ReadModels>, organizationId: string): Promise<ScreeningQuestion[]> {
  const row = await db.selectFrom("rm_screening_questions").select("questions").where("organization_id", "=", organizationId).executeTakeFirst();
  return row?.questions ?? DEFAULT_SCREENING_QUESTIONS;
}

export type DailyScreeningRow = { participant_id: string; day: string; status: "Filled" | "Declined"; failed: boolean; answers: ScreeningAnswer[]; at: string };

/** The screenings of these participants on a day, by participant id. */
export async function dailyScreenings(db: Kysely<ReadModels>, organizationId: string, participantIds: readonly string[], day: string): Promise<Map<string, DailyScreeningRow>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("rm_daily_screenings")
    .select(["participant_id", "day", "status", "failed", "answers", "at"])
    .where("organization_id", "=", organizationId)
    .where("day", "=", day)
    .where("participant_id", "in", [...participantIds])
    .execute();
  return new Map(rows.map((r) => [r.participant_id, { ...r, at: new Date(r.at).toISOString() }]));
}

/** Whether the participant's screening of the day is filled. */
export async function hasFilledScreening(db: Kysely<ReadModels>, organizationId: string, participantId: string, day: string): Promise<boolean> {
  const row = await dailyScreenings(db, organizationId, [participantId], day);
  return row.get(participantId)?.status === "Filled";
}

/** The ids of the organization's participants whose screening of the day is filled. */
export async function filledParticipantIds(db: Kysely<ReadModels>, organizationId: string, day: string): Promise<string[]> {
  const rows = await db.selectFrom("rm_daily_screenings").select("participant_id").where("organization_id", "=", organizationId).where("day", "=", day).where("status", "=", "Filled").execute();
  return rows.map((r) => r.participant_id);
}

/**
 * The organization's active participants whose screening of the day is not filled (declined ones carry
 * their status), by name. A read across two contexts (rm_participants with this projection's
 * rm_daily_screenings) in one statement, kept here only: docs/decisions/033.
 */
export async function notScreenedOn(db: Kysely<ReadModels>, organizationId: string, day: string) {
  return db
    .selectFrom("rm_participants as p")
    // participant ids are uuid in rm_participants and text in rm_daily_screenings
    .leftJoin("rm_daily_screenings as s", (join) => join.on(sql<boolean>`s.participant_id = p.id::text`).on("s.day", "=", day))
    .select(["p.id", "p.full_name", "p.member_id", "s.status"])
    .where("p.organization_id", "=", organizationId)
    .where("p.status", "=", "Active")
    .where((eb) => eb.or([eb("s.status", "is", null), eb("s.status", "!=", "Filled")]))
    .orderBy("p.full_name")
    .execute();
}
