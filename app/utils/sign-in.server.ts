import { dummyHash, signInAllowed, verifyPassword } from "../../modules/identity";
import { findUserByLogin } from "../../projections/identity";
import { getAuth } from "./auth.server";
import { readCookie, SESSION_COOKIE } from "./cookies.server";
import type { AppServices } from "./load-context";
import { sessionPayload } from "./session-payload.server";

// the schema is shared with the /login form (browser and server), so it lives outside this .server file
export { loginSchema } from "./auth-schemas";

export const INVALID_CREDENTIALS = "Incorrect username or password.";

type SignInResult =
  | { ok: true; token: string; payload: ReturnType<typeof sessionPayload> }
  | { ok: false; status: number; code: string; message: string; headers?: HeadersInit };

/**
 * Checks the rate limit (per IP and per account, in Redis), the password (argon2id; the same work is
 * done for unknown accounts), then ends the visitor's old session and opens a new one: a new id.
 */
export async function signIn(
  services: AppServices,
  input: { username: string; password: string; ip: string; request: Request },
): Promise<SignInResult> {
  const limit = await signInAllowed(services.redis, input.ip, input.username);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      code: "TOO_MANY_ATTEMPTS",
      message: "Too many sign-in attempts. Please wait a minute and try again.",
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }
  const row = await findUserByLogin(services.db, input.username);
  const valid = await verifyPassword(row?.password_hash ?? (await dummyHash()), input.password);
  if (!row || !valid || row.status !== "Active") return { ok: false, status: 400, code: "INVALID_CREDENTIALS", message: INVALID_CREDENTIALS };

  const now = services.clock.now();
  await services.sessions.revoke(readCookie(input.request, SESSION_COOKIE), now);
  const { token } = await services.sessions.create(row.id, row.organization_id, now);
  const headers = new Headers(input.request.headers);
  headers.set("cookie", `${SESSION_COOKIE}=${token}`);
  const auth = await getAuth(new Request(input.request.url, { headers }), services);
  if (!auth) {
    await services.sessions.revoke(token, now);
    return { ok: false, status: 403, code: "ACCOUNT_UNAVAILABLE", message: "This account cannot sign in right now. Please contact support." };
  }
  return { ok: true, token, payload: sessionPayload(auth) };
}
