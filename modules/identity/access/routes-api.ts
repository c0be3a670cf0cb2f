import { PERMISSIONS as P } from "./permissions";
import { ADMIN_ONLY, LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

const PARTICIPANT_VIEW = [P.CAN_VIEW_PARTICIPANT_LIST, P.CAN_VIEW_ASSIGNED_ONLY, P.CAN_VIEW_PARTICIPANT_PROFILE] as const;
/** staff who may see participants, and the kiosk (whose permissions are capped to the kiosk four) */
const PARTICIPANT_READ = { auth: "required", level: LEVELS.staff, anyPermission: PARTICIPANT_VIEW, kioskAllowed: true } as const satisfies AccessRule;

/** staff, levels 2-6; not the kiosk */
const STAFF = { auth: "required", level: LEVELS.staff } as const satisfies AccessRule;

/** The /api calls of the identity module (spec-1 section 7, spec-2 "Session and organization"). */
export const API_ROUTES = [
  {
    id: "auth-csrf",
    method: "GET",
    path: "/api/auth/csrf",
    description: "Obtain the CSRF value.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "auth-session",
    method: "GET",
    path: "/api/auth/session",
    description: "The session, or none.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "auth-login",
    method: "POST",
    path: "/api/auth/login",
    description: "Sign in. Optional rather than none: signing in again over a session replaces it.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "auth-logout",
    method: "POST",
    path: "/api/auth/logout",
    description: "Sign out; harmless without a session.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "user-session",
    method: "GET",
    path: "/api/user-session",
    description: "The user-session record.",
    rule: { auth: "required", kioskAllowed: true },
  },
  {
    id: "organization-settings-read",
    method: "GET",
    path: "/api/setting/organization",
    description: "Organization information.",
    rule: { auth: "required", kioskAllowed: true },
  },
  {
    id: "organization-settings-update",
    method: "PUT",
    path: "/api/setting/organization",
    description: "Change organization settings.",
    rule: ADMIN_ONLY,
  },
  {
    id: "user-roles",
    method: "GET",
    path: "/api/user/role",
    description: "User groups for pickers and the sidebar.",
    rule: { auth: "required", kioskAllowed: true },
  },
  {
    id: "role-create",
    method: "POST",
    path: "/api/role",
    description: "Create a user group.",
    rule: ADMIN_ONLY,
  },
  {
    id: "role-update",
    method: "PUT",
    path: "/api/role/:id",
    description: "Change a user group.",
    rule: ADMIN_ONLY,
  },
  {
    id: "role-delete",
    method: "DELETE",
    path: "/api/role/:id",
    description: "Delete a user group.",
    rule: ADMIN_ONLY,
  },
  {
    id: "message-inbox",
    method: "GET",
    path: "/api/message/inbox",
    description: "Inbox messages; the unread count drives the badge.",
    rule: { auth: "required" },
  },
  {
    id: "participant-detail",
    method: "GET",
    path: "/api/participant/:id",
    description: "The participant check-in view; a kiosk gets the reduced view.",
    rule: PARTICIPANT_READ,
  },
  {
    id: "participant-photo",
    method: "GET",
    path: "/api/participant/:id/photo",
    description: "The participant's registered photo (the bytes), for the lists' photo_url; 404 without one (decision 023).",
    rule: PARTICIPANT_READ,
  },
  {
    id: "participant-report",
    method: "GET",
    path: "/api/participant_report",
    description: "The participant list: page, size, statuses, search.",
    rule: PARTICIPANT_READ,
  },
  {
    id: "participant-by-member-id",
    method: "POST",
    path: "/api/participant/member",
    description: "Fetch a member by Member ID (typed, or scanned at the kiosk).",
    rule: { ...PARTICIPANT_READ, anyPermission: [...PARTICIPANT_VIEW, P.CAN_CHECK_IN_OUT_MEMBERS] },
  },
  {
    id: "waiver-token",
    method: "GET",
    path: "/api/user-detail/waiver-token",
    description: "A single-use link to sign a participant's waiver (?participant_id=). The handler asks CAN_SIGN_WAIVER_FOR_PARTICIPANT, admin or organization (spec-1 section 6); a parent, their own children only.",
    rule: { auth: "required" },
  },
  {
    id: "note-flag",
    method: "POST",
    path: "/api/note/flag",
    description: "Flag a member (type warn or stop) or resolve the flag (action Flag or Unflag), with a required message.",
    rule: STAFF,
  },
  {
    id: "note-flag-user",
    method: "GET",
    path: "/api/note/flag/user",
    description: "A participant's flags (?participant_id=&type=).",
    rule: STAFF,
  },
  {
    id: "health",
    method: "GET",
    path: "/api/health",
    description: "Liveness and readiness.",
    rule: { auth: "optional", kioskAllowed: true },
  },
] as const satisfies readonly ApiRoute[];
