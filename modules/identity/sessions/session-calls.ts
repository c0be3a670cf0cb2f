import { applySelfPolicy } from "../access/field-policy";
import type { Auth } from "../calls/auth";
import type { Services } from "../calls/services";
import type { LoginInput } from "../commands";
import { clearSessionCookie, cookieOf, csrfCookie, SESSION_COOKIE, sessionCookie } from "./cookies";
import { CSRF_COOKIE } from "./csrf";
import { sessionPayload } from "./session-payload";
import { signIn } from "./sign-in";
import { newToken } from "./tokens";

/** GET /api/auth/csrf: the visitor's CSRF token (set in an HttpOnly cookie the first time). */
export function csrfTokenOf(services: Pick<Services, "production">, request: Request): { csrf: string } | Response {
  const existing = cookieOf(request, CSRF_COOKIE);
  if (existing && existing.length >= 32) return { csrf: existing };
  const csrf = newToken();
  return Response.json({ csrf }, { headers: { "Set-Cookie": csrfCookie(csrf, services.production) } });
}

/** GET /api/auth/session: the signed-in user and organization, or none. */
export const sessionOf = (auth: Auth | null) => (auth ? sessionPayload(auth) : { user: null, organization: null });

/** POST /api/auth/login: username is the username or the e-mail; success sets the new session's cookie. */
export async function logIn(services: Parameters<typeof signIn>[0] & Pick<Services, "production">, input: LoginInput, request: Request, ip: string): Promise<Response> {
  const result = await signIn(services, { ...input, ip, previousToken: cookieOf(request, SESSION_COOKIE) });
  if (!result.ok) return Response.json({ code: result.code, message: result.message }, { status: result.status, headers: result.headers });
  return Response.json(result.payload, { headers: { "Set-Cookie": sessionCookie(result.token, services.production) } });
}

/** POST /api/auth/logout: ends the session on the server and clears the cookie; harmless without one. */
export async function logOut(services: Pick<Services, "sessions" | "clock" | "production">, request: Request): Promise<Response> {
  await services.sessions.revoke(cookieOf(request, SESSION_COOKIE), services.clock.now());
  return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": clearSessionCookie(services.production) } });
}

/** GET /api/user-session: the caller's own session record (decision 027's self view). */
export async function userSessionOf(services: Pick<Services, "sessions" | "clock">, auth: Auth) {
  const session = await services.sessions.load(auth.token, services.clock.now());
  return applySelfPolicy({
    user_id: auth.user.id,
    organization_id: auth.organization.id,
    role_level: auth.user.roleLevel,
    expires_at: session?.expiresAt.toISOString() ?? null,
  });
}
