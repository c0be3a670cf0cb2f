import type { PermissionId } from "../access/permissions";
import type { RoleLevel } from "../access/types";
import type { ColorScheme, UserGroupIcon } from "./schema";

export type UserGroupFields = {
  name: string;
  displayName: string;
  level: RoleLevel;
  icon: UserGroupIcon;
  scheme: ColorScheme;
  permissionIds: PermissionId[];
};

export type UserGroupEvent =
  | { type: "UserGroupCreated"; data: UserGroupFields & { userGroupId: string; organizationId: string } }
  | { type: "UserGroupUpdated"; data: UserGroupFields & { userGroupId: string } }
  | { type: "UserGroupDeleted"; data: { userGroupId: string } };

export const userGroupStream = (id: string) => `usergroup-${id}`;
