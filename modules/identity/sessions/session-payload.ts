import { applySelfPolicy } from "../access/field-policy";
import type { Auth } from "../calls/auth";

/** The authenticated user as the spec's client reads it (spec-1 section 3): their own account (decision 027's self view). */
export const sessionPayload = (auth: Auth) => ({
  user: applySelfPolicy({
    id: auth.user.id,
    username: auth.user.username,
    email: auth.user.email,
    first_name: auth.user.firstName,
    last_name: auth.user.lastName,
    photo_url: null,
    role_level: auth.user.roleLevel,
    role_name: auth.user.roleName,
    role_display_name: auth.user.roleDisplayName,
    role_scheme: { main: auth.user.roleScheme.main ?? auth.organization.mainColor },
    permission_ids: auth.user.permissionIds,
    parent: auth.user.parentId,
    is_enrollment_allowed: auth.user.parentId === null,
  }),
  organization: { id: auth.organization.id, name: auth.organization.name, type: auth.organization.type, main_color: auth.organization.mainColor },
});

export type SessionPayload = ReturnType<typeof sessionPayload>;
