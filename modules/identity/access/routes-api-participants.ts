import { PERMISSIONS as P } from "./permissions";
import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

const PARTICIPANT_VIEW = [P.CAN_VIEW_PARTICIPANT_LIST, P.CAN_VIEW_ASSIGNED_ONLY, P.CAN_VIEW_PARTICIPANT_PROFILE] as const;
/** staff who may see participants, and the kiosk (whose permissions are capped to the kiosk four) */
const PARTICIPANT_READ = { auth: "required", level: LEVELS.staff, anyPermission: PARTICIPANT_VIEW, kioskAllowed: true } as const satisfies AccessRule;

/** The participant and waiver calls, until modules/participants declares them as rows. */
export const PARTICIPANT_API_ROUTES = [
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
] as const satisfies readonly ApiRoute[];
