import { handleCommand, newId, REDIS_DOWN_RETRY_AFTER_SECONDS, withinRedisDeadline } from "../../kernel";
import { findUserById, findUserByLogin } from "../../../projections/identity";
import { queueMail } from "../../mail";
import type { Services } from "../calls/services";
import { hit } from "../sessions/rate-limit";
import { newToken, tokenHash } from "../sessions/tokens";
import { RESET_TOKEN_INVALID, userDecider } from "./decide";
import { userStream } from "./events";
import { hashPassword } from "./passwords";

/** A reset link works for one hour, once. */
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The same answer whether or not an account matches, so the form does not reveal who has one. */
export const RESET_REQUESTED_MESSAGE = "If an account matches, we sent a link to reset the password.";
export const PASSWORD_RESET_DONE = "Your password was reset. Sign in with the new password.";

/** Reset requests per client address: each one writes an event and a mail, so they are limited. */
const FORGOT_PASSWORD_LIMIT = { requests: 10, windowSeconds: 15 * 60 } as const;

export async function forgotPasswordAllowed(
  services: Services,
  ip: string,
): Promise<{ allowed: true } | { allowed: false; status: 429 | 503; retryAfterSeconds: number; message: string }> {
  const { requests, windowSeconds } = FORGOT_PASSWORD_LIMIT;
  try {
    const result = await withinRedisDeadline(hit(services.redis, `rollcall:ratelimit:forgot-password:ip:${ip}`, requests, windowSeconds));
    if (result.allowed) return { allowed: true };
    return { allowed: false, status: 429, retryAfterSeconds: result.retryAfterSeconds, message: "Too many reset requests. Please wait a while and try again." };
  } catch {
    // the counter is in Redis: without it the form is closed (each request writes an event and a mail), never hung
    return { allowed: false, status: 503, retryAfterSeconds: REDIS_DOWN_RETRY_AFTER_SECONDS, message: "Password reset is unavailable right now. Please try again in a minute." };
  }
}

/** The path of a reset link: the mail puts it under PUBLIC_URL (decisions 006, 059). */
const resetLinkPath = (token: string, userId: string) =>
  `/reset-password?${new URLSearchParams({ token, user: userId }).toString()}`;

/**
 * Forgot password: when an active account matches the username or e-mail, records a reset token (only
 * its SHA-256 goes into the event) on the user's stream and queues the mail (modules/mail, decision 059).
 * Resolves the same way whether or not an account matches.
 */
export async function requestPasswordReset(services: Services, login: string): Promise<void> {
  const row = await findUserByLogin(services.db, login);
  if (!row || row.status !== "Active") return;
  const token = newToken();
  const expiresAt = new Date(services.clock.now().getTime() + RESET_TOKEN_TTL_MS).toISOString();
  const result = await handleCommand(services, userDecider, userStream(row.id), {
    type: "RequestPasswordReset",
    data: { userId: row.id, tokenHash: tokenHash(token), expiresAt },
    metadata: { commandId: newId(), organizationId: row.organization_id, actorId: null },
  });
  if (!result.ok) {
    services.logger.error("password reset request refused", { userId: row.id, code: result.error.code });
    return;
  }
  await queueMail(services, { organizationId: row.organization_id, to: row.email, kind: "password-reset", data: { firstName: row.first_name, link: resetLinkPath(token, row.id) } });
}

/**
 * Reset password: the user's stream decides whether the token is good (unknown, used or expired tokens
 * are RESET_TOKEN_INVALID); on success every session of the user ends.
 */
export async function resetPassword(
  services: Services,
  input: { userId: string; token: string; password: string },
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const row = await findUserById(services.db, input.userId);
  if (!row) return { ok: false, status: 400, message: RESET_TOKEN_INVALID };
  const result = await handleCommand(services, userDecider, userStream(row.id), {
    type: "ResetPassword",
    data: { userId: row.id, tokenHash: tokenHash(input.token), passwordHash: await hashPassword(input.password) },
    metadata: { commandId: newId(), organizationId: row.organization_id, actorId: row.id },
  });
  if (!result.ok) return { ok: false, status: result.error.status, message: result.error.message };
  await services.sessions.revokeAllForUser(row.id, services.clock.now());
  return { ok: true };
}
