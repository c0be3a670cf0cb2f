import { sql, type Kysely } from "kysely";
import { LEVEL } from "../../modules/identity";
import { isUuid } from "../../modules/kernel";
import type { ReadModels } from "../read-models";

export type SessionUserRow = {
  id: string;
  organization_id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  parent_id: string | null;
  password_hash: string;
  status: string;
  user_group_id: string;
  role_name: string | null;
  role_display_name: string | null;
  role_level: number | null;
  role_scheme: Record<string, string> | null;
  permission_ids: string[] | null;
};

const userWithGroup = (db: Kysely<ReadModels>) =>
  db
    .selectFrom("rm_users as u")
    .leftJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .select([
      "u.id",
      "u.organization_id",
      "u.username",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.parent_id",
      "u.password_hash",
      "u.status",
      "u.user_group_id",
      "g.name as role_name",
      "g.display_name as role_display_name",
      "g.level as role_level",
      "g.scheme as role_scheme",
      "g.permission_ids",
    ]);

/** Sign-in accepts the username or the e-mail, in any case. */
export async function findUserByLogin(db: Kysely<ReadModels>, login: string): Promise<SessionUserRow | undefined> {
  const name = login.trim().toLowerCase();
  return (await userWithGroup(db)
    .where((eb) => eb.or([eb("u.username", "=", name), eb("u.email", "=", name)]))
    .orderBy(sql`u.username = ${name}`, "desc")
    .executeTakeFirst()) as SessionUserRow | undefined;
}

export async function findUserById(db: Kysely<ReadModels>, id: string): Promise<SessionUserRow | undefined> {
  return (await userWithGroup(db).where("u.id", "=", id).executeTakeFirst()) as SessionUserRow | undefined;
}

export type UserGroupRow = {
  id: string;
  organization_id: string;
  name: string;
  display_name: string;
  level: number;
  icon: string;
  scheme: Record<string, string>;
  permission_ids: string[];
  created_at: Date;
  updated_at: Date;
};

export type UserGroupFilter = { levels?: number[]; search?: string; sort?: "level_desc" | "level_asc" | "name_asc" };

export async function listUserGroups(db: Kysely<ReadModels>, organizationId: string, filter: UserGroupFilter = {}): Promise<UserGroupRow[]> {
  let query = db.selectFrom("rm_user_groups").selectAll().where("organization_id", "=", organizationId);
  if (filter.levels?.length) query = query.where("level", "in", filter.levels);
  if (filter.search) query = query.where((eb) => eb.or([eb("name", "ilike", `%${filter.search}%`), eb("display_name", "ilike", `%${filter.search}%`)]));
  const sort = filter.sort ?? "level_desc";
  query = sort === "name_asc" ? query.orderBy("name") : query.orderBy("level", sort === "level_desc" ? "desc" : "asc").orderBy("name");
  return (await query.execute()) as UserGroupRow[];
}

export async function findUserGroup(db: Kysely<ReadModels>, id: string): Promise<UserGroupRow | undefined> {
  return (await db.selectFrom("rm_user_groups").selectAll().where("id", "=", id).executeTakeFirst()) as UserGroupRow | undefined;
}

export async function countGroupMembers(db: Kysely<ReadModels>, userGroupId: string): Promise<number> {
  const row = await db.selectFrom("rm_users").select((eb) => eb.fn.countAll<number>().as("n")).where("user_group_id", "=", userGroupId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's group id, or null (no such user). */
export async function userGroupIdOf(db: Kysely<ReadModels>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("rm_users").select("user_group_id").where("id", "=", userId).executeTakeFirst();
  return row?.user_group_id ?? null;
}

/** One user of the organization: the name parts and the login (username), or undefined. */
export async function userNameOf(db: Kysely<ReadModels>, organizationId: string, id: string) {
  return db
    .selectFrom("rm_users")
    .select(["id", "username", "first_name", "last_name"])
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** The organization's staff user groups (levels 2 to 6), highest level first, then by name. */
export async function staffGroupsOf(db: Kysely<ReadModels>, organizationId: string) {
  return db
    .selectFrom("rm_user_groups")
    .select(["id", "name", "display_name"])
    .where("organization_id", "=", organizationId)
    // only staff groups can read notes: participants, parents and the kiosk are not offered
    .where("level", ">=", LEVEL.coach)
    .where("level", "<=", LEVEL.superadmin)
    .orderBy("level", "desc")
    .orderBy("name")
    .execute();
}

/** The organization's staff (coach to superadmin, never the kiosk), by name: the program builder's coaches to choose from. */
export async function staffUsersOf(db: Kysely<ReadModels>, organizationId: string) {
  return db
    .selectFrom("rm_users")
    .innerJoin("rm_user_groups", "rm_user_groups.id", "rm_users.user_group_id")
    .select(["rm_users.id", "rm_users.first_name", "rm_users.last_name", "rm_user_groups.display_name as role"])
    .where("rm_users.organization_id", "=", organizationId)
    .where("rm_user_groups.level", ">=", LEVEL.coach)
    .where("rm_user_groups.level", "<=", LEVEL.superadmin)
    .orderBy("rm_users.first_name")
    .orderBy("rm_users.last_name")
    .orderBy("rm_users.id")
    .execute();
}

/**
 * The coaches a program or an event may be given (decision 070): the organization's Active staff (coach to
 * superadmin, never the kiosk), by name, and any of `keep` (those the program being edited already names,
 * whatever their status, so an edit does not drop them unasked). Inactive and Alumni staff are not offered.
 */
export async function coachChoicesOf(db: Kysely<ReadModels>, organizationId: string, keep: readonly string[] = []) {
  const kept = keep.filter(isUuid);
  return db
    .selectFrom("rm_users")
    .innerJoin("rm_user_groups", "rm_user_groups.id", "rm_users.user_group_id")
    .select(["rm_users.id", "rm_users.first_name", "rm_users.last_name", "rm_users.status", "rm_user_groups.display_name as role"])
    .where("rm_users.organization_id", "=", organizationId)
    .where("rm_user_groups.level", ">=", LEVEL.coach)
    .where("rm_user_groups.level", "<=", LEVEL.superadmin)
    .where((eb) => (kept.length > 0 ? eb.or([eb("rm_users.status", "=", "Active"), eb("rm_users.id", "in", kept)]) : eb("rm_users.status", "=", "Active")))
    .orderBy("rm_users.first_name")
    .orderBy("rm_users.last_name")
    .orderBy("rm_users.id")
    .execute();
}

/** A user of the organization with their group's level and permissions (an export's requester), or undefined. */
export async function userWithPermissionsOf(db: Kysely<ReadModels>, organizationId: string, userId: string) {
  return db
    .selectFrom("rm_users")
    .innerJoin("rm_user_groups", "rm_user_groups.id", "rm_users.user_group_id")
    .select(["rm_users.id", "rm_users.user_group_id", "rm_user_groups.level", "rm_user_groups.permission_ids"])
    .where("rm_users.id", "=", userId)
    .where("rm_users.organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** A user of the organization's group level and name (their role), or undefined. */
export async function userRoleOf(db: Kysely<ReadModels>, organizationId: string, userId: string) {
  return db
    .selectFrom("rm_users")
    .innerJoin("rm_user_groups", "rm_user_groups.id", "rm_users.user_group_id")
    .select(["rm_user_groups.level", "rm_user_groups.name"])
    .where("rm_users.id", "=", userId)
    .where("rm_users.organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** Every user of the organization with their group's names (the audit's lookup of who did what). */
export async function usersWithGroupNamesOf(db: Kysely<ReadModels>, organizationId: string) {
  return db
    .selectFrom("rm_users")
    .innerJoin("rm_user_groups", "rm_user_groups.id", "rm_users.user_group_id")
    .select(["rm_users.id", "rm_users.first_name", "rm_users.last_name", "rm_user_groups.display_name", "rm_user_groups.name"])
    .where("rm_users.organization_id", "=", organizationId)
    .execute();
}

/** The organization's user groups' names, by id. */
export async function groupNamesOf(db: Kysely<ReadModels>, organizationId: string) {
  return db.selectFrom("rm_user_groups").select(["id", "name", "display_name"]).where("organization_id", "=", organizationId).execute();
}

/** The usernames of these users of the organization, by user id (others' are left out). */
export async function usernamesOf(db: Kysely<ReadModels>, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("rm_users").select(["id", "username"]).where("organization_id", "=", organizationId).where("id", "in", [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The organization's Active admins (admin and organization levels) with an address: who hears of a webhook turned off (decision 079). */
export async function adminAddressesOf(db: Kysely<ReadModels>, organizationId: string) {
  return db
    .selectFrom("rm_users")
    .innerJoin("rm_user_groups", "rm_user_groups.id", "rm_users.user_group_id")
    .select(["rm_users.email", "rm_users.first_name"])
    .where("rm_users.organization_id", "=", organizationId)
    .where("rm_users.status", "=", "Active")
    .where("rm_user_groups.level", ">=", LEVEL.admin)
    .where("rm_user_groups.level", "<=", LEVEL.organization)
    .where("rm_users.email", "<>", "")
    .execute();
}
