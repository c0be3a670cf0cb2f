/** The access layer of the identity module: permission ids, role flags, the rule engine, the route
 * registry and the sidebar model. Pure: no I/O. */
export {
  LEVEL,
  type RoleLevel,
  type OrganizationType,
  type FeatureKey,
  type AccessSubject,
  type AuthenticatedSubject,
  type LevelRule,
  type AccessRule,
  type AccessDecision,
} from "./types";
export {
  PERMISSIONS,
  ALL_PERMISSION_IDS,
  PERMISSION_LABELS,
  KIOSK_PERMISSIONS,
  isPermissionId,
  type PermissionId,
} from "./permissions";
export { isMemberLevel, isKiosk, isStaff, isAdminOrAbove, isOrganizationOrAbove, isAboveLowest, PERSON_LEVELS } from "./levels";
export { roleFlags, PARTICIPANT, PARENT, COACH, SPECIAL_GROUP_NAMES, type RoleFlags } from "./role-flags";
export { decideAccess, isAllowed, effectivePermissions, levelPasses, describeLevelRule } from "./engine";
export { LEVELS, PUBLIC, OPTIONAL, SIGNED_IN, ADMIN_ONLY } from "./rules";
export type { PageRoute, ApiRoute, HttpMethod, RouteMatch } from "./route-types";
export type { PathParams } from "./path-pattern";
export {
  PAGE_ROUTES,
  matchPage,
  pageById,
  NOT_FOUND_PATH,
  LOGIN_PATH,
  HOME_PATH,
  DEFAULT_SIDEBAR_PATH,
  type PageId,
} from "./route-registry";
export {
  sidebarFor,
  unreadBadge,
  activeItemKey,
  activeItemKeys,
  groupLabel,
  slugify,
  SUPPORT_MAIL_SUBJECT,
  type SidebarInput,
  type SidebarOrganization,
  type SidebarUserGroup,
  type SidebarItem,
  type SidebarGroup,
  type SidebarEntry,
  type SidebarModel,
} from "./menu";
export {
  FIELD_GROUPS,
  FIELD_POLICY,
  FIELD_ROLES,
  ALL_FIELD_GROUPS,
  SELF_GROUPS,
  fieldRoleOf,
  fieldGroupOf,
  visibleFields,
  seesGroup,
  applyFieldPolicy,
  applySelfPolicy,
  type FieldGroup,
  type FieldRole,
  type PersonField,
  type Visible,
} from "./field-policy";
