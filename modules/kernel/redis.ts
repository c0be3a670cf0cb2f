import { Redis, type RedisOptions } from "ioredis";

/** A Redis connection as BullMQ wants it (maxRetriesPerRequest: null). */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...options });
}

/** Redis must not evict keys: queue state and rate-limit counters would vanish. */
export async function checkEvictionPolicy(redis: Redis): Promise<{ ok: boolean; policy: string }> {
  try {
    const reply = (await redis.config("GET", "maxmemory-policy")) as string[];
    const policy = reply[1] ?? "unknown";
    return { ok: policy === "noeviction", policy };
  } catch {
    // managed Redis often forbids CONFIG: say so rather than guess
    return { ok: false, policy: "unknown (CONFIG GET refused)" };
  }
}
