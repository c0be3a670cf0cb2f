import { sql, type Kysely } from "kysely";
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

export type WaiverStatusRow = {
  participant_id: string;
  member_id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  dob: string;
  email: string;
  parent_id: string | null;
  /** signed: the current version; resign: an older one (decision 100); unsigned: none */
  waiver_status: "signed" | "unsigned" | "resign";
  signed_at: Date | null;
  signed_by_name: string | null;
  waiver_version: string | null;
};

export type WaiverStatusFilter = { currentVersion: string; builtInVersion: string; status: "all" | "signed" | "unsigned" | "resign"; search: string; page: number; size: number; participantId?: string };

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The organization's Active participants and where each stands with the current waiver version (a signature
 * from before versions counts as the built-in one), by last then first name; with the total of the filter
 * and the count of each status (search applied, status not).
 */
export async function waiverStatusPage(db: Kysely<ReadModels>, organizationId: string, f: WaiverStatusFilter) {
  const status = sql<WaiverStatusRow["waiver_status"]>`case when w.participant_id is null then 'unsigned' when coalesce(w.waiver_version, ${f.builtInVersion}) = ${f.currentVersion} then 'signed' else 'resign' end`;
  let base = db
    .selectFrom("rm_participants as p")
    .leftJoin("rm_waivers as w", "w.participant_id", "p.id")
    .where("p.organization_id", "=", organizationId)
    .where("p.status", "=", "Active");
  if (f.participantId) base = base.where("p.id", "=", f.participantId);
  const search = f.search.trim();
  if (search) {
    const like = likeOf(search);
    base = base.where((eb) => eb.or([eb("p.full_name", "ilike", like), eb("p.member_id", "ilike", like), eb(sql<string>`p.last_name || ' ' || p.first_name`, "ilike", like)]));
  }
  const filtered = f.status === "all" ? base : base.where(status, "=", f.status);
  const [rows, counts] = await Promise.all([
    filtered
      .select([
        "p.id as participant_id",
        "p.member_id",
        "p.full_name",
        "p.first_name",
        "p.last_name",
        "p.dob",
        "p.email",
        "p.parent_id",
        status.as("waiver_status"),
        "w.signed_at",
        "w.signed_by_name",
        "w.waiver_version",
      ])
      .orderBy(sql`lower(p.last_name)`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy("p.id")
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    base.select([status.as("waiver_status"), sql<string>`count(*)`.as("n")]).groupBy(sql`1`).execute(),
  ]);
  const byStatus = { signed: 0, unsigned: 0, resign: 0 };
  for (const c of counts) byStatus[c.waiver_status] = Number(c.n);
  const count = f.status === "all" ? byStatus.signed + byStatus.unsigned + byStatus.resign : byStatus[f.status];
  return { rows: rows as WaiverStatusRow[], count, byStatus };
}

export type WaiverVersionRow = { version_id: string; title: string; body: string; effective_from: Date; published_by: string | null };

/** The organization's published waiver texts, newest first. */
export async function waiverVersionsOf(db: Kysely<ReadModels>, organizationId: string): Promise<WaiverVersionRow[]> {
  return db
    .selectFrom("rm_waiver_versions")
    .select(["version_id", "title", "body", "effective_from", "published_by"])
    .where("organization_id", "=", organizationId)
    .orderBy("effective_from", "desc")
    .orderBy("version_id", "desc")
    .execute();
}

/** How many of the organization's waiver rows name each version (the history's 'signatures' column). */
export async function signaturesByVersion(db: Kysely<ReadModels>, organizationId: string, builtInVersion: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("rm_waivers as w")
    .innerJoin("rm_participants as p", "p.id", "w.participant_id")
    .select([sql<string>`coalesce(w.waiver_version, ${builtInVersion})`.as("version"), sql<string>`count(*)`.as("n")])
    .where("p.organization_id", "=", organizationId)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.version, Number(r.n)]));
}
