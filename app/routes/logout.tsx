import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, readCookie, SESSION_COOKIE } from "~/utils/cookies.server";

/** Nothing to show: a GET goes home (and from there to /login when signed out). */
export const loader = () => redirect("/");

/** Ends the session on the server, clears the cookie, and goes to /login. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await services.sessions.revoke(readCookie(request, SESSION_COOKIE), services.clock.now());
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie(services.production) } });
}
