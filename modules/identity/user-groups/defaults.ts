import { ALL_PERMISSION_IDS, KIOSK_PERMISSIONS, PERMISSIONS as P, type PermissionId } from "../access/permissions";
import { LEVEL, type RoleLevel } from "../access/types";
import type { UserGroupIcon } from "./schema";

export type DefaultGroup = { key: string; name: string; displayName: string; level: RoleLevel; icon: UserGroupIcon; permissionIds: readonly PermissionId[] };

const VIEW_BASICS = [P.CAN_VIEW_SCHEDULE, P.CAN_VIEW_PROGRAMS, P.CAN_VIEW_EVENTS, P.CAN_VIEW_INBOX, P.CAN_VIEW_CHALLENGES, P.CAN_VIEW_STORE, P.CAN_VIEW_LEADERBOARD];

/** Every id but view-assigned-only (which would narrow the participant list) and the auditor's one. */
const ALL_BUT_AUDIT = ALL_PERMISSION_IDS.filter((p) => p !== P.CAN_VIEW_ASSIGNED_ONLY && p !== P.CAN_VIEW_AUDIT_HISTORY);
/** The admin, organization and superadmin groups also see the audit history (issue 5, decision 021; the superadmin: issue 15, decision 037). */
const WITH_AUDIT = [...ALL_BUT_AUDIT, P.CAN_VIEW_AUDIT_HISTORY];

const STAFF = [
  ...VIEW_BASICS,
  P.CAN_VIEW_PARTICIPANT_LIST,
  P.CAN_VIEW_PARTICIPANT_PROFILE,
  P.CAN_CHECK_IN_OUT_MEMBERS,
  P.CAN_VIEW_CHECK_IN_MEMBERS,
  P.CAN_TAKE_ATTENDANCE,
  P.CAN_ADD_DROP_IN_PARTICIPANTS,
  P.CAN_REWARD_CHALLENGE_POINTS,
  P.CAN_REWARD_LIFE_SKILLS_POINTS,
];

/**
 * The user groups every new organization starts with (docs/decisions/008). Names are the spec's
 * special names where it has them (PARTICIPANT, PARENT, COACH); school organizations show Students and
 * Teachers through the display names.
 */
export function defaultUserGroups(type: "school" | "other"): DefaultGroup[] {
  const school = type === "school";
  return [
    { key: "participant", name: "PARTICIPANT", displayName: school ? "Students" : "Participants", level: LEVEL.participant, icon: "Participants", permissionIds: VIEW_BASICS },
    { key: "parent", name: "PARENT", displayName: "Parents", level: LEVEL.participant, icon: "Couple", permissionIds: [...VIEW_BASICS, P.CAN_SIGN_WAIVER_FOR_PARTICIPANT] },
    { key: "coach", name: "COACH", displayName: school ? "Teachers" : "Coaches", level: LEVEL.coach, icon: "Coaches", permissionIds: STAFF },
    {
      key: "admin",
      name: "ADMIN",
      displayName: "Admins",
      level: LEVEL.admin,
      icon: "Admin",
      permissionIds: WITH_AUDIT,
    },
    { key: "organization", name: "ORGANIZATION", displayName: "Organization", level: LEVEL.organization, icon: "Admin", permissionIds: WITH_AUDIT },
    { key: "granter", name: "GRANTER", displayName: "Granters", level: LEVEL.granter, icon: "Volunteers", permissionIds: ALL_BUT_AUDIT },
    { key: "superadmin", name: "SUPERADMIN", displayName: "Super Admins", level: LEVEL.superadmin, icon: "Admin", permissionIds: WITH_AUDIT },
    { key: "kiosk", name: "KIOSK", displayName: "Kiosk", level: LEVEL.kiosk, icon: "Volunteers", permissionIds: KIOSK_PERMISSIONS },
  ];
}
