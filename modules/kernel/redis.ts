import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";
import { DomainError } from "./errors";

/** One Redis node, or a Redis Cluster (decision 129): every connection of the app is one or the other. */
export type RedisClient = Redis | Cluster;

/**
 * Where Redis is. `REDIS_URL` names one node; with `?cluster=true` it names a seed node of a Redis Cluster (the
 * client learns the others from it; `&nodes=host:port,host:port` adds more seeds for a start while the first is down).
 */
export type RedisTarget =
  | { kind: "node"; url: string }
  | { kind: "cluster"; nodes: { host: string; port: number }[]; redisOptions: RedisOptions };

const truthy = new Set(["true", "1", "yes"]);

export function redisTargetOf(url: string): RedisTarget {
  const parsed = new URL(url);
  if (!truthy.has((parsed.searchParams.get("cluster") ?? "").toLowerCase())) return { kind: "node", url };
  const seeds = [`${parsed.hostname}:${parsed.port || "6379"}`, ...(parsed.searchParams.get("nodes") ?? "").split(",")];
  const nodes = seeds
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const at = s.lastIndexOf(":");
      return { host: at > 0 ? s.slice(0, at) : s, port: at > 0 ? Number(s.slice(at + 1)) : 6379 };
    });
  const redisOptions: RedisOptions = {
    ...(parsed.username && { username: decodeURIComponent(parsed.username) }),
    ...(parsed.password && { password: decodeURIComponent(parsed.password) }),
    ...(parsed.protocol === "rediss:" && { tls: {} }),
  };
  return { kind: "cluster", nodes, redisOptions };
}

export const isClusterUrl = (url: string) => redisTargetOf(url).kind === "cluster";

const targets = new WeakMap<RedisClient, RedisTarget>();

/** Opens a connection to a target: a node's Redis, or a Cluster client (`clusterOptions` apply to a cluster only). */
export function connectRedis(target: RedisTarget, options: RedisOptions = {}, clusterOptions: ClusterOptions = {}): RedisClient {
  const client: RedisClient =
    target.kind === "node"
      ? new Redis(target.url, options)
      : new Cluster(target.nodes, { ...clusterOptions, redisOptions: { ...target.redisOptions, ...options } });
  targets.set(client, target);
  return client;
}

/** The target a client was opened on (for another connection to the same Redis, e.g. a queue's own). */
export function redisTargetOfClient(client: RedisClient): RedisTarget {
  const target = targets.get(client);
  if (target) return target;
  if (client instanceof Cluster) throw new Error("a Redis Cluster client not opened by connectRedis");
  const { host = "127.0.0.1", port = 6379, username, password, db = 0, tls } = client.options;
  const auth = password ? `${encodeURIComponent(username ?? "")}:${encodeURIComponent(password)}@` : "";
  return { kind: "node", url: `${tls ? "rediss" : "redis"}://${auth}${host}:${port}/${db}` };
}

/** A Redis connection as BullMQ wants it (maxRetriesPerRequest: null): a command waits for Redis to come back. */
export function createRedis(url: string, options: RedisOptions = {}, clusterOptions: ClusterOptions = {}): RedisClient {
  return connectRedis(redisTargetOf(url), { maxRetriesPerRequest: null, enableReadyCheck: true, ...options }, clusterOptions);
}

/** How long a request-path Redis command may take before it fails (decision 029). */
export const REQUEST_REDIS_TIMEOUT_MS = 1000;

/**
 * A connection for the request path (rate limits, link secrets, health): a command that Redis does not answer
 * within REQUEST_REDIS_TIMEOUT_MS fails ("Command timed out"), and a command queued while the connection is down
 * fails after one reconnection attempt: a request never waits for Redis to come back. BullMQ's workers keep
 * `createRedis` (they must wait); this client reconnects on its own as soon as Redis is back.
 */
export function createRequestRedis(url: string, options: RedisOptions = {}): RedisClient {
  return connectRedis(redisTargetOf(url), {
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
export async function checkEvictionPolicy(redis: RedisClient): Promise<{ ok: boolean; policy: string }> {
  try {
    // on a cluster the command goes to one of its nodes: they are configured alike
    const reply = (await redis.call("CONFIG", "GET", "maxmemory-policy")) as string[];
    const policy = reply[1] ?? "unknown";
    return { ok: policy === "noeviction", policy };
  } catch {
    // managed Redis often forbids CONFIG: say so rather than guess
    return { ok: false, policy: "unknown (CONFIG GET refused)" };
  }
}

/**
 * The values of several keys, one GET each (pipelined by the client): an MGET's keys must share a slot on a Redis
 * Cluster, these need not (decision 129).
 */
export function getMany(redis: RedisClient, keys: readonly string[]): Promise<(string | null)[]> {
  return Promise.all(keys.map((key) => redis.get(key)));
}
