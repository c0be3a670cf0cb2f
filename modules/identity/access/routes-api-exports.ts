import { PERMISSIONS as P } from "./permissions";
import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

/** Staff holding an export permission; the handlers then ask the permission of the export's kind. */
const EXPORTERS = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_EXPORT_CHECK_IN_MEMBERS, P.CAN_EXPORT_PARTICIPANT_PROFILE] } as const satisfies AccessRule;

/** The background export calls (spec-2 sections 2, 7 and 8; decision 014). */
export const EXPORT_API_ROUTES = [
  {
    id: "export-list",
    method: "GET",
    path: "/api/export",
    description: "My exports, newest first, with their status, progress, size, rows and a download link that expires.",
    rule: EXPORTERS,
  },
  {
    id: "export-request",
    method: "POST",
    path: "/api/export",
    description: "Request a background export (kind check-ins, participants, flag-history (note and flag history) or bundle, with filters); the kind's export permission is checked.",
    rule: EXPORTERS,
  },
  {
    id: "export-download",
    method: "GET",
    path: "/api/export/:id/download",
    description: "The export's file, by a signed link that expires, for people of its organization with its export permission.",
    rule: EXPORTERS,
  },
] as const satisfies readonly ApiRoute[];
