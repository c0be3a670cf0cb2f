import type { Kysely } from "kysely";
import type pg from "pg";
import type { Redis } from "ioredis";
import {
  checkEvictionPolicy,
  createDb,
  createEventStore,
  createLogger,
  createPool,
  createRequestRedis,
  ensureDatabase,
  migrateToLatest,
  type Env,
  type EventStore,
  type Logger,
} from "../modules/kernel";
import { allMigrations } from "../projections";
import { createStorage, type BlobStorage } from "../modules/storage";

/** The handles every role shares: one pool, one Kysely, one event store, one Redis. */
export type CoreServices = {
  env: Env;
  logger: Logger;
  pool: pg.Pool;
  db: Kysely<unknown>;
  store: EventStore;
  /** the request path's Redis (rate limits, link secrets, health): fails within about a second, never hangs */
  redis: Redis;
  /** stored files (exports; uploads later), under STORAGE_DIR */
  storage: BlobStorage;
  close(): Promise<void>;
};

export async function openCoreServices(env: Env): Promise<CoreServices> {
  const logger = createLogger("rollcall", env.LOG_LEVEL);
  const { created } = await ensureDatabase(env.DATABASE_URL);
  if (created) logger.info("created the database", { database: new URL(env.DATABASE_URL).pathname.slice(1) });
  const pool = createPool(env.DATABASE_URL, { max: 20, applicationName: `rollcall-${env.ROLE}` });
  const db = createDb<unknown>(pool);
  const applied = await migrateToLatest(db, allMigrations);
  if (applied.length) logger.info("migrated", { applied });

  const store = await createEventStore({ databaseUrl: env.DATABASE_URL, pool, eventStoreUrl: env.EVENTSTORE_URL });
  const redis = createRequestRedis(env.REDIS_URL);
  // once per outage, not at every reconnection attempt
  let redisDown = false;
  redis.on("error", (error) => {
    if (!redisDown) logger.warn("redis error", { error: error.message });
    redisDown = true;
  });
  redis.on("ready", () => {
    if (redisDown) logger.info("redis is back");
    redisDown = false;
  });
  const eviction = await checkEvictionPolicy(redis);
  if (!eviction.ok) {
    logger.warn(
      `Redis maxmemory-policy is '${eviction.policy}', not 'noeviction': queued jobs and counters may be evicted. Set 'maxmemory-policy noeviction'.`,
    );
  }

  return {
    env,
    logger,
    pool,
    db,
    store,
    redis,
    storage: createStorage({ storageDir: env.STORAGE_DIR }),
    async close() {
      await store.close().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      redis.disconnect();
    },
  };
}
