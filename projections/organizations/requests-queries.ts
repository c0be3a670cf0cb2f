import { sql, type Kysely, type Selectable } from "kysely";
import type { OrganizationTables } from "./tables";
import type { OrganizationRequestTables } from "./tables";

export type OrganizationRequestRow = Selectable<OrganizationRequestTables["rm_organization_requests"]>;
type Tables = OrganizationTables & OrganizationRequestTables;
const tables = <DB extends Tables>(db: Kysely<DB>) => db as unknown as Kysely<Tables>;

export type OrganizationRequestQuery = { page: number; pageSize: number; status?: "Pending" | "Approved" | "Declined" | undefined; search?: string | undefined };

/** A page of organization requests, newest first, and how many match. */
export async function organizationRequestPage<DB extends Tables>(db: Kysely<DB>, q: OrganizationRequestQuery): Promise<{ data: OrganizationRequestRow[]; count: number }> {
  let base = tables(db).selectFrom("rm_organization_requests");
  if (q.status) base = base.where("status", "=", q.status);
  if (q.search?.trim()) base = base.where(sql<boolean>`lower(name) like ${`%${q.search.trim().toLowerCase().replace(/[\\%_]/g, "\\$&")}%`}`);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id").limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { data: rows, count: Number(total?.n ?? 0) };
}

export const organizationRequestById = <DB extends Tables>(db: Kysely<DB>, id: string) =>
  tables(db).selectFrom("rm_organization_requests").selectAll().where("id", "=", id).executeTakeFirst();

/** Whether an organization, or another pending request, holds this name (case and outer spaces ignored). */
export async function organizationNameTaken<DB extends Tables>(
  db: Kysely<DB>,
  name: string,
  except: { requestId?: string; organizationId?: string } = {},
): Promise<boolean> {
  const key = name.trim().toLowerCase();
  let orgs = tables(db).selectFrom("rm_organizations").select("id").where(sql<boolean>`lower(name) = ${key}`);
  if (except.organizationId) orgs = orgs.where("id", "<>", except.organizationId);
  if (await orgs.executeTakeFirst()) return true;
  const exceptRequestId = except.requestId;
  let pending = tables(db).selectFrom("rm_organization_requests").select("id").where("status", "=", "Pending").where(sql<boolean>`lower(name) = ${key}`);
  if (exceptRequestId) pending = pending.where("id", "<>", exceptRequestId);
  return (await pending.executeTakeFirst()) !== undefined;
}

export type OrganizationListQuery = { page: number; pageSize: number; search?: string | undefined; grantedBy?: string | undefined };
export type OrganizationListRow = { id: string; name: string; type: string; street_address: string; city: string; state: string; postal_code: string; support_email: string; granted_by: string | null; status: "Active" | "Deactivated" };

/**
 * A page of organizations by name (decision 067) and how many match: every one, or (`grantedBy`) only those
 * whose request that granter approved.
 */
export async function organizationListPage<DB extends Tables>(db: Kysely<DB>, q: OrganizationListQuery): Promise<{ data: OrganizationListRow[]; count: number }> {
  let base = tables(db)
    .selectFrom("rm_organizations as o")
    .leftJoin("rm_organization_requests as r", (join) => join.onRef("r.organization_id", "=", "o.id").on("r.status", "=", "Approved"));
  if (q.grantedBy) base = base.where("r.decided_by", "=", q.grantedBy);
  if (q.search?.trim()) base = base.where(sql<boolean>`lower(o.name) like ${`%${q.search.trim().toLowerCase().replace(/[\\%_]/g, "\\$&")}%`}`);
  const [rows, total] = await Promise.all([
    base
      .select(["o.id", "o.name", "o.type", "o.settings", "o.deactivated_at", "r.decided_by"])
      .orderBy(sql`lower(o.name)`)
      .orderBy("o.id")
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      street_address: r.settings.address.street_address,
      city: r.settings.address.city,
      state: r.settings.address.state,
      postal_code: r.settings.address.postal_code,
      support_email: r.settings.support_email,
      granted_by: r.decided_by,
      status: r.deactivated_at ? ("Deactivated" as const) : ("Active" as const),
    })),
    count: Number(total?.n ?? 0),
  };
}

/** Whether `granterId` approved the request that created this organization. */
export async function grantedOrganization<DB extends Tables>(db: Kysely<DB>, organizationId: string, granterId: string): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("rm_organization_requests")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("status", "=", "Approved")
    .where("decided_by", "=", granterId)
    .executeTakeFirst();
  return row !== undefined;
}
