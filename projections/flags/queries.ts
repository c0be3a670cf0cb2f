import { sql, type Kysely } from "kysely";
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
    // rm_flags keeps ids as text, rm_participants as uuid
    .innerJoin("rm_participants as p", (join) => join.on(sql<boolean>`p.id::text = f.participant_id and p.organization_id::text = f.organization_id`))
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

/** The organization's members with an active flag, and which kinds: the board marks them. */
export async function activeFlagsOf(db: Kysely<ReadModels>, organizationId: string): Promise<{ participant_id: string; stop: boolean; warn: boolean }[]> {
  const rows = await db.selectFrom("rm_flags").select(["participant_id", "type"]).where("organization_id", "=", organizationId).where("status", "=", "Active").execute();
  const byMember = new Map<string, { participant_id: string; stop: boolean; warn: boolean }>();
  for (const row of rows) {
    const entry = byMember.get(row.participant_id) ?? { participant_id: row.participant_id, stop: false, warn: false };
    if (row.type === "stop") entry.stop = true;
    else entry.warn = true;
    byMember.set(row.participant_id, entry);
  }
  return [...byMember.values()];
}
