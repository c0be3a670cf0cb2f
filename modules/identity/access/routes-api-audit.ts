import { PERMISSIONS as P } from "./permissions";
import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

/**
 * The auditor's replay (issue 5, decision 021): staff levels (2-6) holding 'view audit history', which
 * the admin and organization groups have by default; never the kiosk. Another organization's participant
 * is 404 in the handler.
 */
export const AUDITORS = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_AUDIT_HISTORY] } as const satisfies AccessRule;

export const AUDIT_API_ROUTES = [
  {
    id: "audit-participant",
    method: "GET",
    path: "/api/audit/participant/:id",
    description: "A participant's note, comment and flag history: the timeline and the state replayed at ?at= (ISO 8601, default now).",
    rule: AUDITORS,
  },
  {
    id: "audit-participant-csv",
    method: "GET",
    path: "/api/audit/participant/:id/timeline.csv",
    description: "The same timeline as a CSV download (one row per event, cells neutralised against formulas).",
    rule: AUDITORS,
  },
] as const satisfies readonly ApiRoute[];
