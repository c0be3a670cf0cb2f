import { DomainError, isUuid, newId } from "../../kernel";
import { countGroupMembers, findUserGroup, listUserGroups } from "../../../projections/identity";
import { isKiosk } from "../access/levels";
import type { Auth } from "../calls/auth";
import { commandMetadataOf } from "../calls/row";
import type { Services } from "../calls/services";
import type { UserRolesQuery } from "../commands";
import type { Actor } from "./decide";
import type { UserGroupFields } from "./events";
import { handleUserGroupCommand } from "./handlers";
import { DEFAULT_SCHEME, userGroupInput, type UserGroupInput } from "./schema";

type Db = Pick<Services, "db">;
type Deps = Pick<Services, "db" | "store" | "clock">;

const actorOf = (auth: Auth): Actor => ({ level: auth.user.roleLevel, organizationId: auth.organization.id });

const fieldsOf = (parsed: UserGroupInput): UserGroupFields => ({
  name: parsed.name,
  displayName: parsed.display_name || parsed.name,
  level: parsed.level as UserGroupFields["level"],
  icon: parsed.icon,
  scheme: parsed.scheme,
  permissionIds: parsed.permission_ids,
});

/** Another organization's group is "not found", never "forbidden". */
async function ownGroup(services: Db, auth: Auth, id: string | undefined) {
  // a group id is a uuid: anything else names no group (and would make PostgreSQL refuse the query)
  const group = id && isUuid(id) ? await findUserGroup(services.db, id) : undefined;
  if (!group || group.organization_id !== auth.organization.id) throw new DomainError("NOT_FOUND", "User group not found", 404);
  return group;
}

/** The command's result, or its refusal thrown; `position` is where its events landed (0 when none). */
const unwrap = <T extends { ok: boolean }>(result: T) => {
  if (!result.ok) throw (result as unknown as { error: DomainError }).error;
  const events = (result as unknown as { events: { position: number }[] }).events;
  return Math.max(0, ...events.map((e) => e.position));
};

/** POST /api/role and the /role form: a new group in the caller's organization. */
export async function createUserGroup(services: Deps, auth: Auth, request: Request, body: UserGroupInput) {
  const userGroupId = newId();
  const fields = fieldsOf(body);
  const position = unwrap(
    await handleUserGroupCommand(services, {
      type: "CreateUserGroup",
      data: { ...fields, userGroupId, organizationId: auth.organization.id, actor: actorOf(auth) },
      metadata: commandMetadataOf(auth, request),
    }),
  );
  return { message: "User Group successfully created", data: { id: userGroupId }, position };
}

/** PUT /api/role/{id}: an unknown group is a 404 before its body is looked at. */
export async function updateUserGroup(services: Deps, auth: Auth, request: Request, id: string | undefined, body: unknown) {
  const group = await ownGroup(services, auth, id);
  const position = unwrap(
    await handleUserGroupCommand(services, {
      type: "UpdateUserGroup",
      data: { ...fieldsOf(userGroupInput.parse(body)), userGroupId: group.id, actor: actorOf(auth) },
      metadata: commandMetadataOf(auth, request),
    }),
  );
  return { message: "User Group successfully updated", data: { id: group.id }, position };
}

export async function deleteUserGroup(services: Deps, auth: Auth, request: Request, id: string | undefined) {
  const group = await ownGroup(services, auth, id);
  const position = unwrap(
    await handleUserGroupCommand(services, {
      type: "DeleteUserGroup",
      data: { userGroupId: group.id, actor: actorOf(auth), memberCount: await countGroupMembers(services.db, group.id) },
      metadata: commandMetadataOf(auth, request),
    }),
  );
  return { message: "User Group successfully deleted", data: { id: group.id }, position };
}

/** A user group as the /role page shows and edits it. */
export type UserGroupView = { id: string; name: string; display_name: string; level: number; icon: string; scheme_main: string; permission_ids: string[] };

/** The /role page's groups, highest level first (spec-2 section 6, "Role list and roles"). */
export async function userGroupsOf(services: Db, auth: Auth): Promise<UserGroupView[]> {
  const rows = await listUserGroups(services.db, auth.organization.id, { sort: "level_desc" });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    level: row.level,
    icon: row.icon,
    scheme_main: row.scheme?.main || DEFAULT_SCHEME.main,
    permission_ids: row.permission_ids ?? [],
  }));
}

const ROLE_FIELDS = ["id", "name", "display_name", "level", "icon", "scheme", "permission_ids"] as const;
type RoleField = (typeof ROLE_FIELDS)[number];

/**
 * GET /api/user/role: the organization's user groups for pickers and the sidebar. `level` is a list
 * (1,2,3), `fields` picks columns, `sort` is `level` (descending by default, `level,asc` to flip),
 * `kiosk=false` leaves the kiosk group out, `sidebar=true` lists only groups that get a sidebar entry.
 */
export async function userRoles(services: Db, auth: Auth, q: UserRolesQuery) {
  const levels = q.level?.split(",").map(Number);
  const sort = q.sort && /asc/i.test(q.sort) ? "level_asc" : q.sort && /^name/i.test(q.sort) ? "name_asc" : "level_desc";
  let groups = await listUserGroups(services.db, auth.organization.id, { levels, sort, search: q.search });
  if (q.kiosk === "false" || q.sidebar === "true") groups = groups.filter((g) => !isKiosk(g.level));
  if (q.sidebar === "true") groups = groups.filter((g) => g.level <= auth.user.roleLevel);
  const wanted = (q.fields?.split(",").map((f) => f.trim()).filter((f): f is RoleField => (ROLE_FIELDS as readonly string[]).includes(f)) ?? []) as RoleField[];
  const data = groups.map((g) => {
    const full: Record<RoleField, unknown> = {
      id: g.id,
      name: g.name,
      display_name: g.display_name,
      level: g.level,
      icon: g.icon,
      scheme: g.scheme,
      permission_ids: g.permission_ids,
    };
    return wanted.length ? Object.fromEntries(wanted.map((f) => [f, full[f]])) : full;
  });
  return { data, count: data.length, additional_info: {} };
}
