import { ADMIN_ONLY } from "./rules";
import type { ApiRoute } from "./route-types";

/** Any signed-in user but a kiosk: the handlers decide whose screening (own, own children, or staff on a person's behalf). */
const SIGNED_IN = { auth: "required" } as const;

/** The screening calls (spec-2 section 7, Screening). */
export const SCREENING_API_ROUTES = [
  {
    id: "screening-questions",
    method: "GET",
    path: "/api/note/screening/questions",
    description: "The organization's screening questions, RADIO and RICHTEXT only.",
    rule: SIGNED_IN,
  },
  {
    id: "screening-questions-update",
    method: "PUT",
    path: "/api/note/screening/questions",
    description: "Replace the organization's screening questions.",
    rule: ADMIN_ONLY,
    // 50 questions of up to 5 000 characters of section text each, written as JSON escapes at worst
    maxBodyBytes: 4 * 1024 * 1024,
  },
  {
    id: "daily-screening-read",
    method: "GET",
    path: "/api/note/daily/screening",
    description: "Today's screening state of the user's own participants (or ?user_id=): date, users with showScreening.",
    rule: SIGNED_IN,
  },
  {
    id: "daily-screening",
    method: "POST",
    path: "/api/note/daily/screening",
    description: "Fill today's screening (user_id, answers, is_filled) or decline it (user_id only); a participant for themselves, a parent for their children, coach, admin and organization on a person's behalf.",
    rule: SIGNED_IN,
  },
  {
    id: "flag-screening",
    method: "POST",
    path: "/api/note/flag/screening",
    description: "Raise (once) the stop flag of today's failed screening of user_id.",
    rule: SIGNED_IN,
  },
  {
    id: "user-daily-screening",
    method: "POST",
    path: "/api/note/user/daily/screening",
    description: "user_ids to users with showScreening and isFlagged, and isScreeningRequested.",
    rule: SIGNED_IN,
  },
] as const satisfies readonly ApiRoute[];
