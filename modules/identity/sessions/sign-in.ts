import { REDIS_DOWN_RETRY_AFTER_SECONDS, withinRedisDeadline } from "../../kernel";
import { findUserByLogin } from "../../../projections/identity";
import { authOf } from "../calls/auth";
import type { Services } from "../calls/services";
import type { LoginInput } from "../commands";
import { dummyHash, verifyPassword } from "../users/passwords";
import { signInAllowed, signInSucceeded } from "./rate-limit";
import { sessionPayload, type SessionPayload } from "./session-payload";

export const INVALID_CREDENTIALS = "Incorrect username or password.";
/** Redis (the attempt counters) is down: refuse at once rather than sign in unlimited or hang (decision 029). */
export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable right now. Please try again in a minute.";

export type SignInResult =
  | { ok: true; token: string; payload: SessionPayload }
  | { ok: false; status: number; code: string; message: string; headers?: Record<string, string> };

/**
 * Checks the limits (per IP, and a growing wait per account from one IP: decision 029, in Redis; 503 at once when
 * Redis does not answer), the password (argon2id; the same work is done for unknown accounts), then ends the
 * visitor's old session (`previousToken`) and opens a new one: a new id.
 */
export async function signIn(
  services: Pick<Services, "redis" | "db" | "clock" | "sessions" | "logger">,
  input: LoginInput & { ip: string; previousToken: string | undefined },
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
  await services.sessions.revoke(input.previousToken, now);
  const { token } = await services.sessions.create(row.id, row.organization_id, now);
  const auth = await authOf(services, token);
  if (!auth) {
    await services.sessions.revoke(token, now);
    return { ok: false, status: 403, code: "ACCOUNT_UNAVAILABLE", message: "This account cannot sign in right now. Please contact support." };
  }
  return { ok: true, token, payload: sessionPayload(auth) };
}
