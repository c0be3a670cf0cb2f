import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { CSRF_COOKIE, newToken } from "#modules/identity";
import { api } from "~/utils/api.server";
import { csrfCookie, readCookie } from "~/utils/cookies.server";

/** GET /api/auth/csrf: the visitor's CSRF token (set in an HttpOnly cookie the first time). */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async ({ request, services }) => {
    const existing = readCookie(request, CSRF_COOKIE);
    if (existing && existing.length >= 32) return { csrf: existing };
    const csrf = newToken();
    return json({ csrf }, { headers: { "Set-Cookie": csrfCookie(csrf, services.production) } });
  });
