import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { api } from "~/utils/api.server";
import { clearSessionCookie, readCookie, SESSION_COOKIE } from "~/utils/cookies.server";

/** POST /api/auth/logout: ends the session on the server and clears the cookie. */
export const action = (args: ActionFunctionArgs) =>
  api(args, async ({ request, services }) => {
    await services.sessions.revoke(readCookie(request, SESSION_COOKIE), services.clock.now());
    return json({ message: "Signed out" }, { headers: { "Set-Cookie": clearSessionCookie(services.production) } });
  });
