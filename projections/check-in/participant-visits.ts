import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** One visit of a participant as their profile's Visits tab lists it (docs/decisions/039). */
export type ParticipantVisit = {
  id: string;
  check_in_time: string;
  check_out_time: string | null;
  pick_up_name: string | null;
  pick_up_relationship: string | null;
  security_code: string | null;
};

/**
 * A page of one participant's visits, newest first, with how many there are in all. The board's own
 * table, scoped to the organization; served by its index on `(participant_id, check_in_time desc)`.
 */
export async function participantVisitsPage(
  db: Kysely<ReadModels>,
  organizationId: string,
  participantId: string,
  { page, size }: { page: number; size: number },
): Promise<{ data: ParticipantVisit[]; count: number }> {
  const scoped = db.selectFrom("rm_check_ins").where("organization_id", "=", organizationId).where("participant_id", "=", participantId);
  const [rows, total] = await Promise.all([
    scoped
      .select(["id", "check_in_time", "check_out_time", "pick_up_name", "pick_up_relationship", "security_code"])
      .orderBy("check_in_time", "desc")
      .orderBy("id", "desc")
      .offset(page * size)
      .limit(size)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      check_in_time: new Date(r.check_in_time).toISOString(),
      check_out_time: r.check_out_time ? new Date(r.check_out_time).toISOString() : null,
      pick_up_name: r.pick_up_name,
      pick_up_relationship: r.pick_up_relationship,
      security_code: r.security_code ?? null,
    })),
    count: Number(total?.n ?? 0),
  };
}
