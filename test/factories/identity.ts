import {
  defaultUserGroups,
  DEFAULT_SCHEME,
  handleUserGroupCommand,
  LEVEL,
  registerUser,
  type DefaultGroup,
} from "../../modules/identity";
import { idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";

export type Deps = { store: EventStore; clock: Clock };

const meta = (commandId: string, organizationId: string | null, actorId: string | null = null): CommandMetadata => ({
  commandId,
  organizationId,
  actorId,
  correlationId: commandId,
});

/** Creates an organization's default user groups; ids derive from the organization id, so it is idempotent. */
export async function createDefaultGroups(deps: Deps, organizationId: string, type: "school" | "other") {
  const groups: Record<string, { id: string } & DefaultGroup> = {};
  for (const group of defaultUserGroups(type)) {
    const userGroupId = idFrom("user-group", organizationId, group.key);
    const result = await handleUserGroupCommand(deps, {
      type: "CreateUserGroup",
      data: {
        userGroupId,
        organizationId,
        name: group.name,
        displayName: group.displayName,
        level: group.level,
        icon: group.icon,
        scheme: DEFAULT_SCHEME,
        permissionIds: [...group.permissionIds],
        actor: { level: LEVEL.superadmin, organizationId },
      },
      metadata: meta(idFrom("seed-group", userGroupId), organizationId),
    });
    if (!result.ok) throw new Error(`seeding group ${group.name}: ${result.error.message}`);
    groups[group.key] = { id: userGroupId, ...group };
  }
  return groups;
}

export type UserSpec = {
  organizationId: string;
  username: string;
  firstName: string;
  lastName: string;
  userGroupId: string;
  password: string;
  parentId?: string | null;
  email?: string;
};

/** Registers a user with a deterministic id (from the username), so seeding twice writes once. */
export async function createUser(deps: Deps, spec: UserSpec) {
  const userId = idFrom("user", spec.username.toLowerCase());
  const result = await registerUser(
    deps,
    {
      userId,
      organizationId: spec.organizationId,
      username: spec.username,
      email: spec.email ?? spec.username,
      firstName: spec.firstName,
      lastName: spec.lastName,
      userGroupId: spec.userGroupId,
      parentId: spec.parentId ?? null,
      password: spec.password,
    },
    meta(idFrom("seed-user", userId), spec.organizationId),
  );
  if (!result.ok) throw new Error(`seeding user ${spec.username}: ${result.error.message}`);
  return userId;
}
