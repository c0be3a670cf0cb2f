import type { Redis } from "ioredis";

export type LimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * A fixed window from the first hit: `limit` hits per `windowSeconds` per key, counted in Redis so
 * every web process shares it. The (limit+1)th hit in the window is refused.
 */
export async function hit(redis: Redis, key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
  const results = await redis.multi().incr(key).expire(key, windowSeconds, "NX").ttl(key).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, ttl) };
}

export const SIGN_IN_LIMIT = { attempts: 10, windowSeconds: 60 } as const;

/** Sign-in attempts per IP and per account: the 11th in a minute is refused. */
export async function signInAllowed(redis: Redis, ip: string, login: string): Promise<LimitResult> {
  const { attempts, windowSeconds } = SIGN_IN_LIMIT;
  const [byIp, byAccount] = await Promise.all([
    hit(redis, `rollcall:ratelimit:signin:ip:${ip}`, attempts, windowSeconds),
    hit(redis, `rollcall:ratelimit:signin:account:${login.trim().toLowerCase()}`, attempts, windowSeconds),
  ]);
  return byIp.allowed ? byAccount : byIp;
}
