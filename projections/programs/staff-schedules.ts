import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** A program's first schedule as rm_programs keeps it (decision 009's programs have no builder schedule versions). */
export type ProgramBaseSchedule = { id: string; schedule_kind: "weekly" | "dates"; days: number[]; dates: string[]; start_time: string; end_time: string };

/** The base schedules of some programs of the organization (the staff /programs page, decision 053). */
export async function programBaseSchedules(db: Kysely<ReadModels>, organizationId: string, ids: readonly string[]): Promise<ProgramBaseSchedule[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("rm_programs")
    .select(["id", "schedule_kind", "days", "dates", "start_time", "end_time"])
    .where("organization_id", "=", organizationId)
    .where("id", "in", [...ids])
    .execute() as Promise<ProgramBaseSchedule[]>;
}
