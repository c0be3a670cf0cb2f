import { ALL_PERMISSION_IDS, KIOSK_PERMISSIONS, PERMISSIONS as P, type PermissionId } from "./permissions";
import type { AccessSubject, AuthenticatedSubject, FeatureKey, OrganizationType, RoleLevel } from "./types";

/** Subjects for the unit tests (not part of the public face). */

export const ALL_FEATURES: readonly FeatureKey[] = ["program_builder", "communication", "report", "program", "event", "document"];

export function user(
  level: RoleLevel,
  roleName: string,
  permissionIds: readonly PermissionId[],
  organizationType: OrganizationType = "other",
  features: readonly FeatureKey[] = ALL_FEATURES,
): AuthenticatedSubject {
  return { authenticated: true, level, roleName, permissionIds, organizationType, features };
}

export const MEMBER_PERMISSIONS: readonly PermissionId[] = [
  P.CAN_VIEW_SCHEDULE,
  P.CAN_VIEW_PROGRAMS,
  P.CAN_VIEW_EVENTS,
  P.CAN_VIEW_INBOX,
  P.CAN_VIEW_CHALLENGES,
  P.CAN_VIEW_STORE,
  P.CAN_VIEW_LEADERBOARD,
];

export const COACH_PERMISSIONS: readonly PermissionId[] = [
  P.CAN_VIEW_PARTICIPANT_LIST,
  P.CAN_VIEW_PARTICIPANT_PROFILE,
  P.CAN_CHECK_IN_OUT_MEMBERS,
  P.CAN_VIEW_CHECK_IN_MEMBERS,
  P.CAN_VIEW_SCHEDULE,
  P.CAN_VIEW_PROGRAMS,
  P.CAN_VIEW_EVENTS,
  P.CAN_TAKE_ATTENDANCE,
  P.CAN_VIEW_INBOX,
  P.CAN_SIGN_WAIVER_FOR_PARTICIPANT,
];

export const SUBJECTS = {
  participant: user(1, "PARTICIPANT", MEMBER_PERMISSIONS),
  parent: user(1, "PARENT", MEMBER_PERMISSIONS),
  coach: user(2, "COACH", COACH_PERMISSIONS),
  admin: user(3, "ADMIN", ALL_PERMISSION_IDS),
  organization: user(4, "ORGANIZATION", ALL_PERMISSION_IDS),
  granter: user(5, "GRANTER", ALL_PERMISSION_IDS),
  superadmin: user(6, "SUPERADMIN", ALL_PERMISSION_IDS),
  kiosk: user(7, "KIOSK", KIOSK_PERMISSIONS),
} as const;

export const ANONYMOUS: AccessSubject = { authenticated: false };

export function inSchool(subject: AuthenticatedSubject): AuthenticatedSubject {
  return { ...subject, organizationType: "school" };
}
