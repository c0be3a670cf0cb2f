/**
 * Permission ids of a user group (spec-1 section 6, spec-2 section 6). The spec shows one identifier,
 * CAN_SIGN_WAIVER_FOR_PARTICIPANT; the others follow its style. The value of each id is its own name.
 */
export const PERMISSIONS = {
  CAN_CREATE_COACH_PROFILE: "CAN_CREATE_COACH_PROFILE",
  CAN_EXPORT_COACH_PROFILE: "CAN_EXPORT_COACH_PROFILE",
  CAN_VIEW_COACH_PROFILE: "CAN_VIEW_COACH_PROFILE",
  CAN_VIEW_COACH_LIST: "CAN_VIEW_COACH_LIST",
  CAN_CREATE_PARTICIPANT_PROFILE: "CAN_CREATE_PARTICIPANT_PROFILE",
  CAN_EXPORT_PARTICIPANT_PROFILE: "CAN_EXPORT_PARTICIPANT_PROFILE",
  CAN_VIEW_PARTICIPANT_PROFILE: "CAN_VIEW_PARTICIPANT_PROFILE",
  CAN_VIEW_PARTICIPANT_LIST: "CAN_VIEW_PARTICIPANT_LIST",
  CAN_VIEW_ASSIGNED_ONLY: "CAN_VIEW_ASSIGNED_ONLY",
  CAN_SIGN_WAIVER_FOR_PARTICIPANT: "CAN_SIGN_WAIVER_FOR_PARTICIPANT",
  CAN_CHECK_IN_OUT_MEMBERS: "CAN_CHECK_IN_OUT_MEMBERS",
  CAN_VIEW_CHECK_IN_MEMBERS: "CAN_VIEW_CHECK_IN_MEMBERS",
  CAN_EXPORT_CHECK_IN_MEMBERS: "CAN_EXPORT_CHECK_IN_MEMBERS",
  CAN_CREATE_PROGRAMS_AND_EVENTS: "CAN_CREATE_PROGRAMS_AND_EVENTS",
  CAN_EXPORT_PROGRAMS_AND_EVENTS: "CAN_EXPORT_PROGRAMS_AND_EVENTS",
  CAN_ADD_DROP_IN_PARTICIPANTS: "CAN_ADD_DROP_IN_PARTICIPANTS",
  CAN_CREATE_POINTS: "CAN_CREATE_POINTS",
  CAN_REWARD_CHALLENGE_POINTS: "CAN_REWARD_CHALLENGE_POINTS",
  CAN_REWARD_LIFE_SKILLS_POINTS: "CAN_REWARD_LIFE_SKILLS_POINTS",
  CAN_ADD_ITEMS_TO_STORE: "CAN_ADD_ITEMS_TO_STORE",
  CAN_CREATE_SURVEY: "CAN_CREATE_SURVEY",
  CAN_EXPORT_SURVEY_RESULTS: "CAN_EXPORT_SURVEY_RESULTS",
  CAN_VIEW_REPORTS: "CAN_VIEW_REPORTS",
  CAN_CREATE_COMMUNICATIONS: "CAN_CREATE_COMMUNICATIONS",
  CAN_VIEW_SCHEDULE: "CAN_VIEW_SCHEDULE",
  CAN_VIEW_PROGRAMS: "CAN_VIEW_PROGRAMS",
  CAN_VIEW_EVENTS: "CAN_VIEW_EVENTS",
  CAN_VIEW_INBOX: "CAN_VIEW_INBOX",
  CAN_VIEW_CHALLENGES: "CAN_VIEW_CHALLENGES",
  CAN_VIEW_STORE: "CAN_VIEW_STORE",
  CAN_VIEW_LEADERBOARD: "CAN_VIEW_LEADERBOARD",
  CAN_TAKE_ATTENDANCE: "CAN_TAKE_ATTENDANCE",
  CAN_MANAGE_PARENT: "CAN_MANAGE_PARENT",
  /** issue 5: the auditor's replay of a participant's notes, comments and flags (decision 021) */
  CAN_VIEW_AUDIT_HISTORY: "CAN_VIEW_AUDIT_HISTORY",
} as const;

export type PermissionId = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Every permission id, in the order of the role form. */
export const ALL_PERMISSION_IDS: readonly PermissionId[] = Object.freeze(Object.values(PERMISSIONS));

/** Human labels for the role (user group) form. */
export const PERMISSION_LABELS: Readonly<Record<PermissionId, string>> = Object.freeze({
  CAN_CREATE_COACH_PROFILE: "Create coach profiles",
  CAN_EXPORT_COACH_PROFILE: "Export coach profiles",
  CAN_VIEW_COACH_PROFILE: "View coach profiles",
  CAN_VIEW_COACH_LIST: "View coach list",
  CAN_CREATE_PARTICIPANT_PROFILE: "Create participant profiles",
  CAN_EXPORT_PARTICIPANT_PROFILE: "Export participant profiles",
  CAN_VIEW_PARTICIPANT_PROFILE: "View participant profiles",
  CAN_VIEW_PARTICIPANT_LIST: "View participant list",
  CAN_VIEW_ASSIGNED_ONLY: "View assigned only",
  CAN_SIGN_WAIVER_FOR_PARTICIPANT: "Sign waiver for a participant",
  CAN_CHECK_IN_OUT_MEMBERS: "Check in/out members",
  CAN_VIEW_CHECK_IN_MEMBERS: "View check-in members",
  CAN_EXPORT_CHECK_IN_MEMBERS: "Export check-in members",
  CAN_CREATE_PROGRAMS_AND_EVENTS: "Create programs and events",
  CAN_EXPORT_PROGRAMS_AND_EVENTS: "Export programs and events",
  CAN_ADD_DROP_IN_PARTICIPANTS: "Add drop-in participants",
  CAN_CREATE_POINTS: "Create points",
  CAN_REWARD_CHALLENGE_POINTS: "Reward challenge points",
  CAN_REWARD_LIFE_SKILLS_POINTS: "Reward life-skills points",
  CAN_ADD_ITEMS_TO_STORE: "Add items to the store",
  CAN_CREATE_SURVEY: "Create surveys",
  CAN_EXPORT_SURVEY_RESULTS: "Export survey results",
  CAN_VIEW_REPORTS: "View reports",
  CAN_CREATE_COMMUNICATIONS: "Create communications",
  CAN_VIEW_SCHEDULE: "View schedule",
  CAN_VIEW_PROGRAMS: "View programs",
  CAN_VIEW_EVENTS: "View events",
  CAN_VIEW_INBOX: "View inbox",
  CAN_VIEW_CHALLENGES: "View challenges",
  CAN_VIEW_STORE: "View store",
  CAN_VIEW_LEADERBOARD: "View leaderboard",
  CAN_TAKE_ATTENDANCE: "Take attendance",
  CAN_MANAGE_PARENT: "Manage parents",
  CAN_VIEW_AUDIT_HISTORY: "View audit history",
});

/**
 * What a kiosk (level 7) may do at most (spec-1 section 6). A kiosk's effective permissions are the ids
 * its user group carries that are in this list: see `effectivePermissions` in engine.ts.
 */
export const KIOSK_PERMISSIONS: readonly PermissionId[] = Object.freeze([
  PERMISSIONS.CAN_VIEW_SCHEDULE,
  PERMISSIONS.CAN_VIEW_PARTICIPANT_LIST,
  PERMISSIONS.CAN_VIEW_CHECK_IN_MEMBERS,
  PERMISSIONS.CAN_CHECK_IN_OUT_MEMBERS,
]);

const KNOWN: ReadonlySet<string> = new Set(ALL_PERMISSION_IDS);

/** True when the string is one of the permission ids (for parsing stored or submitted role data). */
export function isPermissionId(value: string): value is PermissionId {
  return KNOWN.has(value);
}
