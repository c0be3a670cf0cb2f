import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, cookieOf, CSRF_ERROR, formTokenFor, sameToken, SESSION_COOKIE } from "#modules/identity";
import { readForm } from "~/utils/page-form.server";

/** Nothing to show: a GET goes home (and from there to /login when signed out). */
export const loader = () => redirect("/");

/**
 * Ends the session on the server, clears the cookie, and goes to /login. The form must carry the
 * session's form token (the shell's logout form does): without it nothing ends (403, decision 028).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const session = cookieOf(request, SESSION_COOKIE);
  if (session) {
    const token = (await readForm(request)).get("csrf");
    if (!sameToken(typeof token === "string" ? token : null, formTokenFor(session))) throw json(CSRF_ERROR, { status: 403 });
    await services.sessions.revoke(session, services.clock.now());
  }
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie(services.production) } });
}
