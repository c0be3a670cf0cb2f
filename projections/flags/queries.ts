import type { Kysely } from "kysely";
import type { FlagType } from "../../modules/flags";
import type { ReadModels } from "../read-models";

/** A flag as the participant calls return it. */
export type FlagRow = {
  id: string;
  participant_id: string;
  type: FlagType;
  status: "Active" | "Resolved";
  message: string;
  flagged_by: string | null;
  flagged_by_name: string;
  flagged_at: string;
  resolution_message: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
};

/** A row of Flagged Members (/user/flagged): who is flagged, the type, the reason, since when and by whom. */
export type FlaggedMember = {
  flag_id: string;
  participant_id: string;
  member_id: string;
  full_name: string;
  type: FlagType;
  reason: string;
  since: string;
  by: string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const flagsOf = (db: Kysely<ReadModels>, organizationId: string, participantId: string) =>
  db
    .selectFrom("rm_flags")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("participant_id", "=", participantId)
    .orderBy("flagged_at", "desc")
    .orderBy("id");

const toRow = (r: Awaited<ReturnType<ReturnType<typeof flagsOf>["execute"]>>[number]): FlagRow => ({
  id: r.id,
  participant_id: r.participant_id,
  type: r.type,
  status: r.status,
  message: r.message,
  flagged_by: r.flagged_by,
  flagged_by_name: r.flagged_by_name,
  flagged_at: iso(r.flagged_at)!,
  resolution_message: r.resolution_message,
  resolved_by: r.resolved_by,
  resolved_at: iso(r.resolved_at),
});

/** The participant's active flags, newest first. */
export async function activeFlags(db: Kysely<ReadModels>, organizationId: string, participantId: string): Promise<FlagRow[]> {
  return (await flagsOf(db, organizationId, participantId).where("status", "=", "Active").execute()).map(toRow);
}

/** Every flag of the participant (active and resolved), of one type when asked, newest first. */
export async function participantFlags(db: Kysely<ReadModels>, organizationId: string, participantId: string, type?: FlagType): Promise<FlagRow[]> {
  const query = flagsOf(db, organizationId, participantId);
  return (await (type ? query.where("type", "=", type) : query).execute()).map(toRow);
}

/** The organization's flagged members (active flags), newest flag first. */
export async function flaggedMembers(db: Kysely<ReadModels>, organizationId: string): Promise<FlaggedMember[]> {
  const rows = await db
    .selectFrom("rm_flags as f")
    .innerJoin("rm_participants as p", (join) => join.onRef("p.id", "=", "f.participant_id").onRef("p.organization_id", "=", "f.organization_id"))
    .select(["f.id", "f.participant_id", "p.member_id", "p.full_name", "f.type", "f.message", "f.flagged_at", "f.flagged_by_name"])
    .where("f.organization_id", "=", organizationId)
    .where("f.status", "=", "Active")
    .orderBy("f.flagged_at", "desc")
    .orderBy("f.id")
    .execute();
  return rows.map((r) => ({
    flag_id: r.id,
    participant_id: r.participant_id,
    member_id: r.member_id,
    full_name: r.full_name,
    type: r.type,
    reason: r.message,
    since: iso(r.flagged_at)!,
    by: r.flagged_by_name,
  }));
}
