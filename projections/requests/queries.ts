import { sql, type Kysely } from "kysely";
import type { RequestChild, RequestKind, RequestStatus } from "../../modules/requests";
import type { RequestTables } from "./tables";

/** A membership request as the list and the calls answer it. */
export type RequestRow = {
  id: string;
  kind: RequestKind;
  status: RequestStatus;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  message: string;
  dob: string | null;
  gender: string | null;
  child: { first_name: string; last_name: string; dob: string; gender: string } | null;
  school_role: string | null;
  created_date: string;
  decided_at: string | null;
  reason: string | null;
  user_id: string | null;
  participant_id: string | null;
};

const tables = <DB extends RequestTables>(db: Kysely<DB>) => db as unknown as Kysely<RequestTables>;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const base = (db: Kysely<RequestTables>, organizationId: string) => db.selectFrom("rm_requests").selectAll().where("organization_id", "=", organizationId);
type Raw = Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number];

const childOf = (c: RequestChild | null) => (c ? { first_name: c.firstName, last_name: c.lastName, dob: c.birthDate, gender: c.gender } : null);

const toRow = (r: Raw): RequestRow => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  phone_number: r.phone,
  message: r.message,
  dob: r.birth_date,
  gender: r.gender,
  child: childOf(r.child),
  school_role: r.school_role,
  created_date: iso(r.submitted_at)!,
  decided_at: iso(r.decided_at),
  reason: r.reason,
  user_id: r.user_id,
  participant_id: r.participant_id,
});

export type RequestPageQuery = { status?: RequestStatus; search?: string; kinds: readonly RequestKind[]; page: number; size: number };

/** A page (0-based) of the organization's requests of the given kinds, newest first; search on names and e-mail. */
export async function requestPage<DB extends RequestTables>(db: Kysely<DB>, organizationId: string, q: RequestPageQuery): Promise<{ rows: RequestRow[]; count: number }> {
  if (q.kinds.length === 0) return { rows: [], count: 0 };
  let query = base(tables(db), organizationId).where("kind", "in", [...q.kinds]);
  if (q.status) query = query.where("status", "=", q.status);
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`(first_name || ' ' || last_name) ilike ${like} or email ilike ${like} or coalesce(child->>'firstName', '') || ' ' || coalesce(child->>'lastName', '') ilike ${like}`);
  }
  const counted = await query.clearSelect().select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
  const rows = await query
    .orderBy("submitted_at", "desc")
    .orderBy("id")
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return { rows: rows.map(toRow), count: Number(counted?.n ?? 0) };
}

/** One request of the organization, or undefined. */
export async function requestById<DB extends RequestTables>(db: Kysely<DB>, organizationId: string, id: string): Promise<RequestRow | undefined> {
  const row = await base(tables(db), organizationId).where("id", "=", id).executeTakeFirst();
  return row && toRow(row);
}

/** Whether the organization has a pending request from this e-mail address. */
export async function hasPendingRequest<DB extends RequestTables>(db: Kysely<DB>, organizationId: string, email: string): Promise<boolean> {
  const row = await base(tables(db), organizationId)
    .where(sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  return row !== undefined;
}

/** How many requests wait, per kind (the sidebar and the tabs). */
export async function pendingRequestCounts<DB extends RequestTables>(db: Kysely<DB>, organizationId: string): Promise<Record<RequestKind, number>> {
  const rows = await tables(db)
    .selectFrom("rm_requests")
    .select(["kind", (eb) => eb.fn.countAll<string>().as("n")])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "Pending")
    .groupBy("kind")
    .execute();
  const counts: Record<RequestKind, number> = { member: 0, parent: 0, teacher: 0 };
  for (const r of rows) counts[r.kind] = Number(r.n);
  return counts;
}
