import { authOfUser, hit, isPermissionId, type Auth, type Services } from "../../identity";
import { DomainError, noteApiKey } from "../../kernel";
import { apiKeyDecider, type ApiKeyState } from "./decide";
import { apiKeyStream, type ApiKeyEvent } from "./events";
import { keyIdOf, keyMatches } from "./secret";

/** What a request authenticated by an API key gets: who it acts for, narrowed to the key's permissions. */
export type ApiKeyAuth = Auth & { apiKey: { id: string; name: string } };

const refuse = (code: string, message: string) => new DomainError(code, message, 401);
export const API_KEY_INVALID = () => refuse("API_KEY_INVALID", "This API key is not valid.");

/** The bearer token of an Authorization header, or null when the header is absent or another scheme. */
export function bearerOf(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/** Where the last use is kept: plumbing in Redis, not an event (house rule 1 names rate-limit counters so). */
export const lastUsedKey = (keyId: string) => `api-key-last-used:${keyId}`;

/**
 * Authenticates a presented API key (decision 078). The key's own stream is read, as a decision reads
 * streams (house rule 2): a revocation is seen by the very next call, whatever the projector's lag. The
 * creator must still be able to sign in, and the key holds its own permissions only as far as the creator
 * still holds them. Then the per-key rate limit (429 with Retry-After). Throws a DomainError (401 with a code).
 */
export async function apiKeyAuthOf(services: Pick<Services, "db" | "store" | "redis" | "clock">, key: string, ratePerMinute: number): Promise<ApiKeyAuth> {
  const keyId = keyIdOf(key);
  if (!keyId) throw API_KEY_INVALID();
  const { state } = await services.store.aggregateStream<ApiKeyState, ApiKeyEvent>(apiKeyStream(keyId), apiKeyDecider);
  const created = state.created;
  if (!created || !keyMatches(key, created.secretHash)) throw API_KEY_INVALID();
  if (state.revokedAt) throw refuse("API_KEY_REVOKED", "This API key has been revoked.");
  const now = services.clock.now();
  if (new Date(created.expiresAt) <= now) throw refuse("API_KEY_EXPIRED", "This API key has expired.");
  const creator = await authOfUser(services, created.createdBy);
  if (!creator || creator.organization.id !== created.organizationId) throw refuse("API_KEY_CREATOR_INACTIVE", "The user who created this API key can no longer sign in.");
  const limit = await hit(services.redis, `api-key-rate:${keyId}`, ratePerMinute, 60);
  if (!limit.allowed) {
    throw new Response(JSON.stringify({ code: "RATE_LIMITED", message: `Too many calls with this API key. Try again in ${limit.retryAfterSeconds} s.` }), {
      status: 429,
      headers: { "content-type": "application/json", "retry-after": String(limit.retryAfterSeconds) },
    });
  }
  void services.redis.set(lastUsedKey(keyId), now.toISOString()).catch(() => undefined);
  const own = new Set<string>(created.permissionIds);
  const permissionIds = creator.user.permissionIds.filter(isPermissionId).filter((p) => own.has(p));
  const apiKey = { id: keyId, name: created.name };
  // every event this request appends names the key (modules/kernel/acting-as.ts)
  noteApiKey(apiKey);
  return { ...creator, user: { ...creator.user, permissionIds }, subject: { ...creator.subject, permissionIds }, apiKey };
}
