import { idFrom, isUuid, newId, type DomainError } from "../../kernel";
import { listUserGroups, SEARCH_COUNT_CAP, staffUserById, staffUserPage, type StaffUserRow } from "../../../projections/identity";
import { waitForProjection } from "../../../projections/runner";
import { applyFieldPolicy } from "../access/field-policy";
import { PERMISSIONS as P } from "../access/permissions";
import { LEVEL } from "../access/types";
import { fieldRoleOfAuth, type Auth } from "../calls/auth";
import { commandIdOf } from "../calls/row";
import type { Services } from "../calls/services";
import { userGroupNotFound, userNotFound, type GroupFact, type StaffUserCommand } from "./staff-decide";
import { handleStaffUserCommand } from "./staff-handlers";
import { staffUserSchema, userListQuery, type StaffUserInput, type UserListQuery } from "./staff-schema";
import { validationError } from "../../kernel";

/** The generic success messages (spec-1 section 7); DELETE deactivates (decision 061). */
export const USER_TOASTS = {
  created: "User successfully created",
  updated: "User successfully updated",
  deleted: "User successfully deactivated",
} as const;

/** Who may create, change and deactivate staff users; who may read the lists; who may export them. */
export const mayManageUsers = (auth: Auth) => auth.user.permissionIds.includes(P.CAN_CREATE_COACH_PROFILE);
export const mayViewUsers = (auth: Auth) =>
  [P.CAN_VIEW_COACH_PROFILE, P.CAN_VIEW_COACH_LIST, P.CAN_CREATE_COACH_PROFILE].some((p) => auth.user.permissionIds.includes(p));
export const mayExportUsers = (auth: Auth) => auth.user.permissionIds.includes(P.CAN_EXPORT_COACH_PROFILE);

/** A list row as the caller's role may see it (decision 027). */
export const visibleUser = (auth: Auth, row: StaffUserRow) => applyFieldPolicy(fieldRoleOfAuth(auth), row);

const metadataOf = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });
const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;

async function groupFacts(services: Services, auth: Auth): Promise<GroupFact[]> {
  return (await listUserGroups(services.db, auth.organization.id)).map((g) => ({ id: g.id, level: g.level }));
}

type WithoutFacts<C> = C extends { data: infer D } ? Omit<C, "data"> & { data: Omit<D, "actor" | "groups"> } : never;

async function run(services: Services, auth: Auth, command: WithoutFacts<StaffUserCommand>) {
  const full = { ...command, data: { ...command.data, actor: { userId: auth.user.id, level: auth.subject.level }, groups: await groupFacts(services, auth) } } as StaffUserCommand;
  const result = await handleStaffUserCommand({ store: services.store, clock: services.clock }, full);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "identity", { atLeast: position });
  // an Inactive or Alumni user's sessions end now, and their live sockets close (the listener spreads it)
  if (!result.replayed && result.events.some((e) => e.type === "UserStatusChanged" && e.data.status !== "Active")) {
    await services.sessions.revokeAllForUser(full.data.userId, services.clock.now());
  }
}

function parseInput(body: unknown): StaffUserInput {
  const parsed = staffUserSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error) as DomainError;
  return parsed.data;
}

/** The user of the caller's organization as the calls answer it; 404 for an unknown, malformed or foreign id. */
export async function staffUserOf(services: Services, auth: Auth, userId: string | undefined) {
  const row = userId && isUuid(userId) ? await staffUserById(services.db, auth.organization.id, userId) : undefined;
  if (!row || row.role_level < LEVEL.coach) throw userNotFound();
  const { role_level: _level, ...user } = row;
  return visibleUser(auth, user);
}

/** A search is counted up to SEARCH_COUNT_CAP matches (decision 071); the plain list exactly. */
const countCapOf = (search: string) => (search.trim() ? SEARCH_COUNT_CAP : undefined);

/** GET /api/user: a page of the organization's staff users (a group's with role_id), `{ data, count, additional_info }`. */
export async function staffUsersOf(services: Services, auth: Auth, query: UserListQuery) {
  let group: { id: string; name: string; display_name: string; level: number } | undefined;
  if (query.role_id) {
    group = isUuid(query.role_id) ? (await listUserGroups(services.db, auth.organization.id)).find((g) => g.id === query.role_id) : undefined;
    if (!group) throw userGroupNotFound();
  }
  const { rows, count, countCapped } = await staffUserPage(services.db, auth.organization.id, {
    userGroupId: group?.id,
    status: query.status,
    search: query.search,
    sort: query.sort,
    page: query.page,
    size: query.size,
    countUpTo: countCapOf(query.search),
  });
  return {
    data: rows.map((r) => visibleUser(auth, r)),
    count,
    additional_info: {
      ...(group ? { role: { id: group.id, name: group.name, display_name: group.display_name, level: group.level } } : {}),
      // a search's count stops at SEARCH_COUNT_CAP (decision 071): `count` then means "at least"
      ...(countCapped ? { count_capped: true } : {}),
    },
  };
}

/** POST /api/user: a staff account with no password (invitation Pending); the id derives from the request's idempotency key. */
export async function createStaffUserCall(services: Services, auth: Auth, body: unknown, request: Request) {
  const input = parseInput(body);
  const commandId = commandIdOf(auth, request, bodyKey(body));
  const userId = idFrom("staff-user", auth.organization.id, commandId);
  await run(services, auth, { type: "CreateStaffUser", data: { userId, input }, metadata: metadataOf(auth, commandId) });
  return { message: USER_TOASTS.created, data: await staffUserOf(services, auth, userId) };
}

/**
 * A parent account (decision 064: POST /api/parent, the /user/parent page): the staff path's fact and
 * rules (e-mail unique, no password: invitation Pending) in the organization's PARENT group. Returns its id.
 */
export async function createParentUser(services: Services, auth: Auth, body: unknown, request: Request): Promise<string> {
  const groups = await listUserGroups(services.db, auth.organization.id);
  const parentGroup = groups.find((g) => g.name === "PARENT" && g.level === LEVEL.participant);
  if (!parentGroup) throw userGroupNotFound();
  const input = parseInput({ ...(body as Record<string, unknown> | null), user_group_id: parentGroup.id, status: "Active", status_reason: undefined });
  const commandId = commandIdOf(auth, request, bodyKey(body));
  const userId = idFrom("parent-user", auth.organization.id, commandId);
  await run(services, auth, { type: "CreateParentUser", data: { userId, input, parentGroupId: parentGroup.id }, metadata: metadataOf(auth, commandId) });
  return userId;
}

/** The id of the participant account a command id makes (a retried step finds its own account by it). */
export const participantUserIdFor = (organizationId: string, commandId: string) => idFrom("participant-user", organizationId, commandId);

/**
 * A participant's own account (decision 068): the staff path's fact and rules (e-mail unique, no password:
 * invitation Pending) in the organization's PARTICIPANT group. The id derives from `commandId` (the participant's
 * or the membership request's), so a retried step makes one account. Returns its id.
 */
export async function createParticipantUser(services: Services, auth: Auth, body: { first_name: string; last_name: string; email: string; phone_number?: string }, commandId: string): Promise<string> {
  const groups = await listUserGroups(services.db, auth.organization.id);
  const participantGroup = groups.find((g) => g.name === "PARTICIPANT" && g.level === LEVEL.participant);
  if (!participantGroup) throw userGroupNotFound();
  const input = parseInput({ ...body, user_group_id: participantGroup.id, status: "Active", status_reason: undefined });
  const userId = participantUserIdFor(auth.organization.id, commandId);
  await run(services, auth, { type: "CreateParticipantUser", data: { userId, input, participantGroupId: participantGroup.id }, metadata: metadataOf(auth, commandId) });
  return userId;
}

/** PUT /api/user/{id}: every field of the form (the details, the group, the status and its reason). */
export async function updateStaffUserCall(services: Services, auth: Auth, userId: string | undefined, body: unknown, request: Request): Promise<{ message: string; data: unknown }> {
  await staffUserOf(services, auth, userId);
  const input = parseInput(body);
  await run(services, auth, { type: "EditStaffUser", data: { userId: userId ?? "", input }, metadata: metadataOf(auth, commandIdOf(auth, request, bodyKey(body))) });
  return { message: USER_TOASTS.updated, data: await staffUserOf(services, auth, userId ?? "") };
}

/** DELETE /api/user/{id}: the account is made Inactive ('Deactivated'): its events stay, it cannot sign in. */
export async function deleteStaffUserCall(services: Services, auth: Auth, userId: string | undefined, request: Request) {
  if (!userId || !isUuid(userId)) throw userNotFound();
  await run(services, auth, { type: "DeactivateStaffUser", data: { userId }, metadata: metadataOf(auth, commandIdOf(auth, request)) });
  return { message: USER_TOASTS.deleted, data: await staffUserOf(services, auth, userId) };
}

/** A new command id for a page's form (a resubmit creates once). */
export const newCommandId = () => newId();

/** The page's size choices and its default (the other staff lists' sizes). */
export const USER_PAGE_SIZES = [10, 20, 40, 60, 80] as const;

export type StaffUserPage = Awaited<ReturnType<typeof staffUserListPageOf>>;

/**
 * /user/{role_id} (decision 061): the group, the page of its users as the caller's role sees them, the
 * groups the caller may put users in (staff groups at or below their level) and what they may do. The
 * query is read leniently (a bad page or sort falls back), as the other list pages do. `group` is null
 * for an unknown or another organization's group; `redirect` names where a participant or parent group's
 * list lives.
 */
export async function staffUserListPageOf(services: Services, auth: Auth, roleId: string | undefined, params: URLSearchParams, editing: string | null) {
  const groups = await listUserGroups(services.db, auth.organization.id, { sort: "level_asc" });
  const staffGroups = groups.filter((g) => g.level >= LEVEL.coach && g.level <= LEVEL.kiosk);
  const group = roleId ? groups.find((g) => g.id === roleId) : staffGroups[0];
  if (!group) return { group: null, redirect: null } as const;
  if (group.level < LEVEL.coach) return { group: null, redirect: group.name === "PARENT" ? "/user/parent" : "/participants" } as const;
  const lenient = userListQuery.safeParse(Object.fromEntries([...params].filter(([k]) => ["page", "size", "search", "sort", "status"].includes(k))));
  const query = lenient.success ? lenient.data : userListQuery.parse({});
  const size = (USER_PAGE_SIZES as readonly number[]).includes(query.size) ? query.size : 10;
  const { rows, count, countCapped } = await staffUserPage(services.db, auth.organization.id, {
    userGroupId: group.id,
    status: query.status,
    search: query.search,
    sort: query.sort,
    page: query.page,
    size,
    countUpTo: countCapOf(query.search),
  });
  const canManage = mayManageUsers(auth) && group.level <= auth.subject.level;
  let edited: ReturnType<typeof visibleUser> | null = null;
  if (canManage && editing && editing !== "new" && isUuid(editing)) {
    const row = await staffUserById(services.db, auth.organization.id, editing);
    if (row && row.role_level >= LEVEL.coach && row.role_level <= auth.subject.level) {
      const { role_level: _level, ...user } = row;
      edited = visibleUser(auth, user);
    }
  }
  return {
    redirect: null,
    group: { id: group.id, name: group.name, display_name: group.display_name, level: group.level },
    rows: rows.map((r) => visibleUser(auth, r)),
    count,
    countCapped,
    page: query.page,
    size,
    totalPages: Math.max(1, Math.ceil(count / size)),
    search: query.search,
    sort: `${query.sort.field} ${query.sort.desc ? "desc" : "asc"}`,
    status: query.status ?? "",
    /** the groups a user may be put in by this caller */
    assignable: staffGroups.filter((g) => g.level <= auth.subject.level).map((g) => ({ id: g.id, name: g.display_name || g.name })),
    canManage,
    canExport: mayExportUsers(auth),
    editing: canManage && editing === "new" ? ("new" as const) : edited,
    selfId: auth.user.id,
  };
}
