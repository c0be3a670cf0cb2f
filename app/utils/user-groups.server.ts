import { handleUserGroupCommand, userGroupInput, type Actor, type UserGroupFields } from "#modules/identity";
import { DomainError, isUuid, newId } from "#modules/kernel";
import { countGroupMembers, findUserGroup } from "#projections/identity";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { commandMetadataOf } from "#modules/identity";

const actorOf = (auth: Auth): Actor => ({ level: auth.user.roleLevel, organizationId: auth.organization.id });

const fieldsOf = (input: unknown): UserGroupFields => {
  const parsed = userGroupInput.parse(input);
  return {
    name: parsed.name,
    displayName: parsed.display_name || parsed.name,
    level: parsed.level as UserGroupFields["level"],
    icon: parsed.icon,
    scheme: parsed.scheme,
    permissionIds: parsed.permission_ids,
  };
};

const metadata = (auth: Auth, request: Request) => commandMetadataOf(auth, request);

/** Another organization's group is "not found", never "forbidden". */
async function ownGroup(services: AppServices, auth: Auth, id: string | undefined) {
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

export async function createUserGroup(services: AppServices, auth: Auth, request: Request, body: unknown) {
  const userGroupId = newId();
  const fields = fieldsOf(body);
  const position = unwrap(
    await handleUserGroupCommand(services, {
      type: "CreateUserGroup",
      data: { ...fields, userGroupId, organizationId: auth.organization.id, actor: actorOf(auth) },
      metadata: metadata(auth, request),
    }),
  );
  return { message: "User Group successfully created", data: { id: userGroupId }, position };
}

export async function updateUserGroup(services: AppServices, auth: Auth, request: Request, id: string | undefined, body: unknown) {
  const group = await ownGroup(services, auth, id);
  const position = unwrap(
    await handleUserGroupCommand(services, {
      type: "UpdateUserGroup",
      data: { ...fieldsOf(body), userGroupId: group.id, actor: actorOf(auth) },
      metadata: metadata(auth, request),
    }),
  );
  return { message: "User Group successfully updated", data: { id: group.id }, position };
}

export async function deleteUserGroup(services: AppServices, auth: Auth, request: Request, id: string | undefined) {
  const group = await ownGroup(services, auth, id);
  const position = unwrap(
    await handleUserGroupCommand(services, {
      type: "DeleteUserGroup",
      data: { userGroupId: group.id, actor: actorOf(auth), memberCount: await countGroupMembers(services.db, group.id) },
      metadata: metadata(auth, request),
    }),
  );
  return { message: "User Group successfully deleted", data: { id: group.id }, position };
}
