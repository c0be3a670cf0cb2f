import type { UserProfile } from "../../modules/identity";

/** The rm_users columns every new account has (registered, or created by staff with no password yet). */
export const newUserRow = (d: UserProfile, passwordHash: string, at: string) => ({
  id: d.userId,
  organization_id: d.organizationId,
  username: d.username.toLowerCase(),
  email: d.email.toLowerCase(),
  first_name: d.firstName,
  last_name: d.lastName,
  user_group_id: d.userGroupId,
  parent_id: d.parentId,
  password_hash: passwordHash,
  created_at: at,
  updated_at: at,
});
