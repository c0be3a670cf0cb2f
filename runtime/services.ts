import type { Kysely } from "kysely";
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
} from "../modules/kernel";
import { allMigrations } from "../projections";
import { createStorage } from "../modules/storage";
import type { WorkerCore } from "../workers";

/** The handles every role shares (workers/core.ts names them: one pool, Kysely, event store, Redis, storage), and close. */
export type CoreServices = WorkerCore & {
  /**
   * Where the web reads read models (decision 124): a replica's when READ_DATABASE_URL is set, else `db`. Its
   * projection checkpoints arrive with the rows they cover, so read-your-writes waits read them there.
   */
  readDb: Kysely<unknown>;
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

  // the replica's schema is its operator's (logical replication copies rows, not tables): no migration here
  const readDb = env.READ_DATABASE_URL ? createDb<unknown>(createPool(env.READ_DATABASE_URL, { max: 20, applicationName: `rollcall-${env.ROLE}-read` })) : db;

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
    readDb,
    store,
    redis,
    storage: createStorage({ storageDir: env.STORAGE_DIR }),
    async close() {
      await store.close().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      if (readDb !== db) await readDb.destroy().catch(() => undefined);
      redis.disconnect();
    },
  };
}
