/**
 * The identity module's browser-safe face: role levels and their predicates, permission ids and labels,
 * the field policy's types and the user-group form's schema. Pure: no node, database or kernel-db
 * imports, so app/components may import it (the rest of identity hashes passwords and holds sessions).
 */
export { LEVEL, type RoleLevel } from "./access/types";
export { isMemberLevel, isKiosk, isStaff, isAdminOrAbove, isOrganizationOrAbove, isAboveLowest, PERSON_LEVELS } from "./access/levels";
export { ALL_PERMISSION_IDS, PERMISSION_LABELS, PERMISSIONS, type PermissionId } from "./access/permissions";
export type { Visible } from "./access/field-policy";
export { DEFAULT_SCHEME, SCHEME_KEYS, USER_GROUP_ICONS, userGroupInput } from "./user-groups/schema";
export { loginSchema, forgotPasswordSchema, resetPasswordSchema } from "./commands";
export { staffUserSchema, userListQuery, USER_STATUSES, INVITATION_STATUSES, USER_SORT_OPTIONS, STATUS_REASON_REQUIRED, EMAIL_IN_USE, type StaffUserInput, type UserStatusValue } from "./users/staff-schema";
export { acceptInvitationSchema, requestNewInvitationSchema, INVITATION_LIST_STATUSES, type AcceptInvitationInput } from "./invitations/schema";
export {
  ownProfileSchema,
  changePasswordSchema,
  notificationPreferencesSchema,
  NOTIFICATION_LABELS,
  type OwnProfileInput,
  type ChangePasswordInput,
  type NotificationPreferencesInput,
} from "./users/profile-schema";
