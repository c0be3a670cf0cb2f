import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

/** staff, levels 2-6; not the kiosk */
const STAFF = { auth: "required", level: LEVELS.staff } as const satisfies AccessRule;

/** The flag calls, until modules/flags declares them as rows. */
export const FLAG_API_ROUTES = [
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
] as const satisfies readonly ApiRoute[];
