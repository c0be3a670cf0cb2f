import type { RedisClient } from "../../kernel";

export type LimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * A fixed window from the first hit: `limit` hits per `windowSeconds` per key, counted in Redis so
 * every web process shares it. The (limit+1)th hit in the window is refused.
 */
export async function hit(redis: RedisClient, key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
  const results = await redis.multi().incr(key).expire(key, windowSeconds, "NX").ttl(key).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, ttl) };
}

/**
 * Sign-in limits (decision 029). Per client address: `ip.attempts` per `ip.windowSeconds`, sized for a school
 * whose staff all sign in from one address at 8:00. Per account and address together: the first
 * `pair.freeAttempts` attempts go through at once; from then on each attempt waits for the one before it by a
 * delay that doubles from `pair.firstDelaySeconds` up to `pair.maxDelaySeconds`. A success clears it, and a quiet
 * `pair.forgetSeconds` forgets it. There is no lock on the account itself: someone hammering it from elsewhere
 * does not slow its owner down.
 */
export type SignInLimits = {
  ip: { attempts: number; windowSeconds: number };
  pair: { freeAttempts: number; firstDelaySeconds: number; maxDelaySeconds: number; forgetSeconds: number };
};

export const SIGN_IN_LIMIT: SignInLimits = {
  ip: { attempts: 150, windowSeconds: 5 * 60 },
  pair: { freeAttempts: 5, firstDelaySeconds: 1, maxDelaySeconds: 60, forgetSeconds: 60 * 60 },
};

// KEYS: ip window, account+ip pair. ARGV: now ms, ip limit, ip window s, free, first delay s, max delay s, forget s.
// Atomic, so attempts sent side by side cannot slip past the delay: each one that is let through reserves its
// place (counts as unsuccessful until signInSucceeded clears the pair) and sets when the next may come.
const SIGN_IN_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[3], 'NX')
if count > tonumber(ARGV[2]) then
  return {0, 'ip', redis.call('TTL', KEYS[1])}
end
local now = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('HGET', KEYS[2], 'next') or '0')
if now < nextAt then
  return {0, 'account', math.ceil((nextAt - now) / 1000)}
end
local attempts = redis.call('HINCRBY', KEYS[2], 'attempts', 1)
local free = tonumber(ARGV[4])
local delay = 0
if attempts >= free then
  delay = math.min(tonumber(ARGV[5]) * 2 ^ (attempts - free), tonumber(ARGV[6]))
end
redis.call('HSET', KEYS[2], 'next', now + delay * 1000)
redis.call('EXPIRE', KEYS[2], ARGV[7])
return {1, '', 0}
`;

export type SignInLimit = { allowed: true } | { allowed: false; by: "ip" | "account"; retryAfterSeconds: number };

// both keys of one script run hash on the address (`{ip}`, a hash tag): on a Redis Cluster a script's keys must share a
// slot (decision 129)
const ipKey = (ip: string) => `rollcall:ratelimit:signin:ip:{${ip}}`;
const pairKey = (ip: string, login: string) => `rollcall:ratelimit:signin:pair:{${ip}}:${login.trim().toLowerCase()}`;

/** May this address try this account now? Counts the attempt (see SIGN_IN_LIMIT). */
export async function signInAllowed(redis: RedisClient, ip: string, login: string, now: Date, limit: SignInLimits = SIGN_IN_LIMIT): Promise<SignInLimit> {
  const reply = (await redis.eval(
    SIGN_IN_SCRIPT,
    2,
    ipKey(ip),
    pairKey(ip, login),
    now.getTime(),
    limit.ip.attempts,
    limit.ip.windowSeconds,
    limit.pair.freeAttempts,
    limit.pair.firstDelaySeconds,
    limit.pair.maxDelaySeconds,
    limit.pair.forgetSeconds,
  )) as [number, string, number];
  if (reply[0] === 1) return { allowed: true };
  return { allowed: false, by: reply[1] === "ip" ? "ip" : "account", retryAfterSeconds: Math.max(1, Number(reply[2])) };
}

/** The owner got in: their address starts afresh on this account. */
export async function signInSucceeded(redis: RedisClient, ip: string, login: string): Promise<void> {
  await redis.del(pairKey(ip, login));
}
