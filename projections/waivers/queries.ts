import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

export type WaiverView = {
  participant: { id: string; first_name: string; last_name: string; full_name: string; parent_id: string | null; user_id: string | null };
  /** null: not signed yet */
  waiver: { signed_by_name: string; signed_at: Date; ip: string; waiver_version: string | null } | null;
};

/** A participant of the organization and their signed waiver, if any; undefined for another organization's. */
export async function waiverOf(db: Kysely<ReadModels>, organizationId: string, participantId: string): Promise<WaiverView | undefined> {
  const row = await db
    .selectFrom("rm_participants as p")
    .leftJoin("rm_waivers as w", "w.participant_id", "p.id")
    .select(["p.id", "p.first_name", "p.last_name", "p.full_name", "p.parent_id", "p.user_id", "w.signed_by_name", "w.signed_at", "w.ip", "w.waiver_version"])
    .where("p.organization_id", "=", organizationId)
    .where("p.id", "=", participantId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { signed_by_name, signed_at, ip, waiver_version, ...participant } = row;
  const waiver = signed_by_name !== null && signed_at !== null && ip !== null ? { signed_by_name, signed_at, ip, waiver_version } : null;
  return { participant, waiver };
}
