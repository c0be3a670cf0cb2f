import { Redis, type RedisOptions } from "ioredis";
import { DomainError } from "./errors";

/** A Redis connection as BullMQ wants it (maxRetriesPerRequest: null): a command waits for Redis to come back. */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...options });
}

/** How long a request-path Redis command may take before it fails (decision 029). */
export const REQUEST_REDIS_TIMEOUT_MS = 1000;

/**
 * A connection for the request path (rate limits, link secrets, health): a command that Redis does not answer
 * within REQUEST_REDIS_TIMEOUT_MS fails ("Command timed out"), and a command queued while the connection is down
 * fails after one reconnection attempt: a request never waits for Redis to come back. BullMQ's workers keep
 * `createRedis` (they must wait); this client reconnects on its own as soon as Redis is back.
 */
export function createRequestRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: REQUEST_REDIS_TIMEOUT_MS,
    connectTimeout: 2 * REQUEST_REDIS_TIMEOUT_MS,
    enableReadyCheck: true,
    ...options,
  });
}

/** Redis did not answer in time (down, unreachable or stalled). */
export class RedisUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Redis is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "RedisUnavailableError";
  }
}

/** How long a client should wait before trying again when Redis is down (the Retry-After of a 503, decision 029). */
export const REDIS_DOWN_RETRY_AFTER_SECONDS = 30;

/**
 * `work`, or RedisUnavailableError when it fails or has not settled within `ms`: for calls that have no timeout
 * of their own (BullMQ waits for its connection before it adds a job). The work itself goes on; a late result is
 * dropped.
 */
export async function withinRedisDeadline<T>(work: Promise<T>, ms = REQUEST_REDIS_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
    ]);
  } catch (error) {
    throw error instanceof RedisUnavailableError ? error : new RedisUnavailableError(error);
  } finally {
    clearTimeout(timer);
    // the loser of the race must not reject unhandled
    work.catch(() => undefined);
  }
}

/**
 * A request-path Redis call with its decided fallback (decision 029): when Redis does not answer within about
 * a second the request ends with 503 `{ code: "SERVICE_UNAVAILABLE", message }` naming what is unavailable,
 * never a hang and never a 500.
 */
export async function needRedis<T>(work: Promise<T>, what: string): Promise<T> {
  try {
    return await withinRedisDeadline(work);
  } catch (error) {
    throw redisDown(what, error);
  }
}

export function redisDown(what: string, cause?: unknown): DomainError {
  return new DomainError("SERVICE_UNAVAILABLE", `${what} is unavailable right now. Please try again in a minute.`, 503, {
    cause: cause instanceof Error ? cause.message : String(cause),
  });
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
