import pg from "pg";
import { Redis } from "ioredis";
import { defaultDatabaseUrl } from "../../modules/kernel";

/**
 * Where the tests find PostgreSQL and Redis: DATABASE_URL / REDIS_URL, or the machine's own servers.
 * Testcontainers is the fallback only where a Docker engine exists (none runs on these machines).
 */
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

let resolved: Promise<{ databaseUrl: string; redisUrl: string }> | null = null;

export function testServices(): Promise<{ databaseUrl: string; redisUrl: string }> {
  resolved ??= resolveServices();
  return resolved;
}

async function reachable(url: string, kind: "pg" | "redis"): Promise<boolean> {
  try {
    if (kind === "pg") {
      const admin = new URL(url);
      admin.pathname = "/postgres";
      const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.end();
    } else {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
      await redis.connect();
      await redis.ping();
      redis.disconnect();
    }
    return true;
  } catch {
    return false;
  }
}

async function resolveServices() {
  let databaseUrl = process.env.DATABASE_URL || defaultDatabaseUrl();
  let redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  if (!(await reachable(databaseUrl, "pg"))) databaseUrl = await fromContainer("postgres:16", 5432, databaseUrl);
  if (!(await reachable(redisUrl, "redis"))) redisUrl = await fromContainer("redis:7", 6379, redisUrl);
  return { databaseUrl, redisUrl };
}

async function fromContainer(image: string, port: number, tried: string): Promise<string> {
  try {
    const { GenericContainer, Wait } = await import("testcontainers");
    const container = await new GenericContainer(image)
      .withExposedPorts(port)
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust" })
      .withWaitStrategy(image.startsWith("postgres") ? Wait.forLogMessage(/ready to accept connections/, 2) : Wait.forListeningPorts())
      .start();
    const host = `${container.getHost()}:${container.getMappedPort(port)}`;
    return image.startsWith("postgres") ? `postgres://postgres@${host}/rollcall` : `redis://${host}`;
  } catch (error) {
    throw new Error(
      `No server at ${tried} and no container runtime for ${image}: start the machine's service (see .ci/run). ${(error as Error).message}`,
    );
  }
}
