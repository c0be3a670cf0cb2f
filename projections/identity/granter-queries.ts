import { sql, type Kysely } from "kysely";
import { LEVEL } from "../../modules/identity";
import type { ReadModels } from "../read-models";

export type GranterRow = {
  id: string;
  organization_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  status: string;
  invitation_status: string | null;
};

/** Every organization's granter accounts (level 5, decision 067), by name, searched, paged; and how many match. */
export async function granterPage(db: Kysely<ReadModels>, q: { page: number; pageSize: number; search?: string | undefined }): Promise<{ data: GranterRow[]; count: number }> {
  let base = db.selectFrom("rm_users as u").innerJoin("rm_user_groups as g", "g.id", "u.user_group_id").where("g.level", "=", LEVEL.granter);
  if (q.search?.trim()) base = base.where(sql<boolean>`u.search_text like ${`%${q.search.trim().toLowerCase().replace(/[\\%_]/g, "\\$&")}%`}`);
  const [rows, total] = await Promise.all([
    base
      .select(["u.id", "u.organization_id", "u.first_name", "u.last_name", "u.email", "u.phone_number", "u.status", "u.invitation_status"])
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .orderBy("u.id")
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { data: rows, count: Number(total?.n ?? 0) };
}

/** One granter account (level 5) of any organization, or undefined. */
export const granterById = (db: Kysely<ReadModels>, id: string) =>
  db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .select(["u.id", "u.organization_id", "u.user_group_id", "u.status", "u.status_reason"])
    .where("u.id", "=", id)
    .where("g.level", "=", LEVEL.granter)
    .executeTakeFirst();
