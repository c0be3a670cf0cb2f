import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** A visit as a family's home lists it: when it began and ended, and who collected the child. */
export type FamilyVisit = {
  id: string;
  participant_id: string;
  check_in_time: string;
  check_out_time: string | null;
  pick_up_name: string | null;
  pick_up_relationship: string | null;
};

/**
 * The visits of these participants (the organization's only) that began in [start, end), newest first:
 * one statement for a family's children, at most `limit` rows (a month of visits of a few children).
 */
export async function visitsOfParticipants(
  db: Kysely<ReadModels>,
  organizationId: string,
  participantIds: readonly string[],
  range: { start: string; end: string },
  limit = 500,
): Promise<FamilyVisit[]> {
  if (participantIds.length === 0) return [];
  const rows = await db
    .selectFrom("rm_check_ins")
    .select(["id", "participant_id", "check_in_time", "check_out_time", "pick_up_name", "pick_up_relationship"])
    .where("organization_id", "=", organizationId)
    .where("participant_id", "in", [...participantIds])
    .where("check_in_time", ">=", new Date(range.start))
    .where("check_in_time", "<", new Date(range.end))
    .orderBy("check_in_time", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    check_in_time: new Date(r.check_in_time).toISOString(),
    check_out_time: r.check_out_time ? new Date(r.check_out_time).toISOString() : null,
  }));
}
