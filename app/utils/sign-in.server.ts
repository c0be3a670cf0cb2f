import { dummyHash, signInAllowed, signInSucceeded, verifyPassword } from "#modules/identity";
import { REDIS_DOWN_RETRY_AFTER_SECONDS, withinRedisDeadline } from "#modules/kernel";
import { findUserByLogin } from "#projections/identity";
import { getAuth } from "./auth.server";
import { readCookie, SESSION_COOKIE } from "./cookies.server";
import type { AppServices } from "./load-context";
import { sessionPayload } from "./session-payload.server";

// the schema is shared with the /login form (browser and server), so it lives outside this .server file
export { loginSchema } from "./auth-schemas";

export const INVALID_CREDENTIALS = "Incorrect username or password.";
/** Redis (the attempt counters) is down: refuse at once rather than sign in unlimited or hang (decision 029). */
export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable right now. Please try again in a minute.";

type SignInResult =
  | { ok: true; token: string; payload: ReturnType<typeof sessionPayload> }
  | { ok: false; status: number; code: string; message: string; headers?: HeadersInit };

/**
 * Checks the limits (per IP, and a growing wait per account from one IP: decision 029, in Redis; 503 at once when
 * Redis does not answer), the password (argon2id; the same work is done for unknown accounts), then ends the
 * visitor's old session and opens a new one: a new id.
 */
export async function signIn(
  services: AppServices,
  input: { username: string; password: string; ip: string; request: Request },
): Promise<SignInResult> {
  let limit: Awaited<ReturnType<typeof signInAllowed>>;
  try {
    limit = await withinRedisDeadline(signInAllowed(services.redis, input.ip, input.username, services.clock.now()));
  } catch (error) {
    services.logger.warn("sign-in refused: Redis is unavailable", { error: String(error) });
    return { ok: false, status: 503, code: "SIGN_IN_UNAVAILABLE", message: SIGN_IN_UNAVAILABLE, headers: { "Retry-After": String(REDIS_DOWN_RETRY_AFTER_SECONDS) } };
  }
  if (!limit.allowed) {
    const wait = limit.retryAfterSeconds;
    return {
      ok: false,
      status: 429,
      code: "TOO_MANY_ATTEMPTS",
      message:
        limit.by === "ip"
          ? "Too many sign-in attempts from this network. Please wait a few minutes and try again."
          : `Too many sign-in attempts for this account. Please wait ${wait} ${wait === 1 ? "second" : "seconds"} and try again.`,
      headers: { "Retry-After": String(wait) },
    };
  }
  const row = await findUserByLogin(services.db, input.username);
  const valid = await verifyPassword(row?.password_hash ?? (await dummyHash()), input.password);
  if (!row || !valid || row.status !== "Active") return { ok: false, status: 400, code: "INVALID_CREDENTIALS", message: INVALID_CREDENTIALS };
  // the owner is in: this address starts afresh on the account (a failure here only leaves the wait in place)
  await withinRedisDeadline(signInSucceeded(services.redis, input.ip, input.username)).catch(() => undefined);

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
