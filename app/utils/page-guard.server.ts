import { redirect } from "@remix-run/node";
import { decideAccess, matchPage, type PageRoute } from "#modules/identity";
import { getAuth, type Auth } from "./auth.server";
import type { AppServices } from "./load-context";

export const FORBIDDEN_PAGE = "Forbidden Page";
export const NOT_FOUND_PATH = "/404-page-not-found";

export type GuardedPage = { auth: Auth | null; route: PageRoute; params: Record<string, string | undefined> };

/**
 * The page guard of spec-1 section 2, from the one route registry: an unknown path goes to the 404
 * page, no session to /login, a signed-in visitor on a public page to /, and a refusal is the plain
 * text 'Forbidden Page'.
 */
export async function guardPage(request: Request, services: AppServices): Promise<GuardedPage> {
  const url = new URL(request.url);
  const match = matchPage(url.pathname);
  if (!match) throw redirect(NOT_FOUND_PATH);
  const auth = await getAuth(request, services);
  const decision = decideAccess(match.route.rule, auth ? auth.subject : { authenticated: false });
  if (!decision.allowed) {
    if (decision.reason === "unauthenticated") throw redirect("/login");
    if (decision.reason === "authenticated-on-public-page") throw redirect("/");
    throw forbiddenPage();
  }
  return { auth, route: match.route, params: match.params };
}

/** The plain-text refusal 'Forbidden Page' (403) a page throws. */
export const forbiddenPage = () => new Response(FORBIDDEN_PAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * A page for signed-in visitors: the guard, then /login without a session, then `may` (a permission the page
 * needs beyond its registry rule): 'Forbidden Page' when it says no.
 */
export async function signedInPage(request: Request, services: AppServices, may?: (auth: Auth) => boolean): Promise<GuardedPage & { auth: Auth }> {
  const guarded = await guardPage(request, services);
  if (!guarded.auth) throw redirect("/login");
  if (may && !may(guarded.auth)) throw forbiddenPage();
  return { ...guarded, auth: guarded.auth };
}
