import { createHash } from "node:crypto";
import { isMemberLevel, matchPage, type Auth } from "../identity";

/**
 * Whether this page prompts for the daily screening after sign-in (spec-2 section 4): participants and
 * parents of an organization with screening on, except on the pages that skip it (reset-password,
 * view-waiver). `self`: a participant screens themselves; a parent, their children.
 */
export function screeningPromptFor(auth: Auth, pathname: string): { self: boolean; session: string } | null {
  if (!isMemberLevel(auth.subject.level) || auth.organization.settings.is_daily_screening_form !== true) return null;
  const page = matchPage(pathname);
  if (!page || page.route.skipsScreening) return null;
  // `session` names the sign-in (not the token): the follow-up shows once per sign-in, so a logout resets it
  return { self: auth.subject.roleName !== "PARENT", session: createHash("sha256").update(auth.token).digest("hex").slice(0, 16) };
}
