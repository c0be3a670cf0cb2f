import { PERMISSIONS as P } from "./permissions";
import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";

const CHECK_IN_OUT = [P.CAN_CHECK_IN_OUT_MEMBERS] as const;

/** The check-in calls (spec-1 section 7). The kiosk checks members in and out; bulk is for staff. */
export const CHECK_IN_API_ROUTES = [
  {
    id: "check-in-list",
    method: "GET",
    path: "/api/check-in",
    description: "Today's board (type=notYetCheckout) or the paged JSON export (type=export, which also needs CAN_EXPORT_CHECK_IN_MEMBERS).",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_CHECK_IN_MEMBERS, P.CAN_CHECK_IN_OUT_MEMBERS], kioskAllowed: true },
  },
  {
    id: "check-in",
    method: "POST",
    path: "/api/check-in",
    description: "Check one member in or out by Member ID.",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT, kioskAllowed: true },
  },
  {
    id: "check-in-bulk",
    method: "POST",
    path: "/api/check-in/bulk",
    description: "Check several members in (or out) at once.",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT },
  },
  {
    id: "check-in-eligibility",
    method: "POST",
    path: "/api/check-in/participant",
    description: "Would this member's check-in or check-out be allowed now? Appends nothing.",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT, kioskAllowed: true },
  },
  {
    id: "check-out",
    method: "PUT",
    path: "/api/check-in/:id",
    description: "Check a visit out with the pick-up details.",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT, kioskAllowed: true },
  },
] as const satisfies readonly ApiRoute[];
