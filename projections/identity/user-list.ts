import { sql, type Kysely } from "kysely";
import { LEVEL } from "../../modules/identity";
import type { ReadModels } from "../read-models";

/** A row of a staff user list (decision 061), before the field policy. */
export type StaffUserRow = {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_number: string;
  user_group_id: string;
  role_display_name: string;
  status: string;
  status_reason: string | null;
  invitation_status: string | null;
  created_date: string;
};

export type StaffUserFilter = {
  /** one group's list; none: every staff group's users */
  userGroupId?: string;
  status?: string;
  search: string;
  sort: { field: "created_date" | "first_name" | "last_name" | "email" | "username" | "status"; desc: boolean };
  page: number;
  size: number;
  /**
   * Count the matches only up to this many (decision 071): a search that matches most of a large list
   * would otherwise read every row to count them; the answer says the count was capped.
   */
  countUpTo?: number;
};

/** A search's count stops here on the lists (decision 071); the plain list is counted exactly. */
export const SEARCH_COUNT_CAP = 1000;

const SORT_COLUMNS = {
  created_date: "u.created_at",
  first_name: "u.first_name",
  last_name: "u.last_name",
  email: "u.email",
  username: "u.username",
  status: "u.status",
} as const;

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function staffUsers(db: Kysely<ReadModels>, organizationId: string, filter: Omit<StaffUserFilter, "sort" | "page" | "size">) {
  let query = db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .where("u.organization_id", "=", organizationId)
    // staff and the kiosk: participants and parents have their own lists
    .where("g.level", ">=", LEVEL.coach);
  if (filter.userGroupId) query = query.where("u.user_group_id", "=", filter.userGroupId);
  if (filter.status) query = query.where("u.status", "=", filter.status);
  const search = filter.search.trim();
  // one trigram-indexed text per user (migration 0305): names, "first last", e-mail, username
  if (search) query = query.where("u.search_text", "like", sql<string>`lower(${likeOf(search)})`);
  return query;
}

const columns = [
  "u.id",
  "u.first_name",
  "u.last_name",
  "u.username",
  "u.email",
  "u.phone_number",
  "u.user_group_id",
  "g.display_name as role_display_name",
  "u.status",
  "u.status_reason",
  // an invitation past its expiry reads Expired (decision 063)
  sql<string | null>`case when u.invitation_status = 'Invited' and u.invitation_expires_at <= now() then 'Expired' else u.invitation_status end`.as("invitation_status"),
] as const;

/** One page of the organization's staff users, filtered, searched (name, e-mail, username) and sorted, and how many match. */
export async function staffUserPage(db: Kysely<ReadModels>, organizationId: string, filter: StaffUserFilter): Promise<{ rows: StaffUserRow[]; count: number; countCapped: boolean }> {
  const base = staffUsers(db, organizationId, filter);
  const direction = filter.sort.desc ? "desc" : "asc";
  const cap = filter.countUpTo;
  const [rows, total] = await Promise.all([
    base
      .select([...columns, sql<string>`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("created_date")])
      .orderBy(SORT_COLUMNS[filter.sort.field], direction)
      .orderBy("u.last_name", "asc")
      .orderBy("u.id", "asc")
      .limit(filter.size)
      .offset(filter.page * filter.size)
      .execute(),
    cap === undefined
      ? base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst()
      : db
          .selectFrom(base.select(sql<number>`1`.as("one")).limit(cap + 1).as("matches"))
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirst(),
  ]);
  const n = Number(total?.n ?? 0);
  const countCapped = cap !== undefined && n > cap;
  return { rows: rows as StaffUserRow[], count: countCapped ? cap : n, countCapped };
}

/** One user of the organization as the lists show it (any group), or undefined. */
export async function staffUserById(db: Kysely<ReadModels>, organizationId: string, userId: string): Promise<(StaffUserRow & { role_level: number }) | undefined> {
  return (await db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .select([...columns, "g.level as role_level", sql<string>`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("created_date")])
    .where("u.organization_id", "=", organizationId)
    .where("u.id", "=", userId)
    .executeTakeFirst()) as (StaffUserRow & { role_level: number }) | undefined;
}
