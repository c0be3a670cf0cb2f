import type { Kysely } from "kysely";
import type pg from "pg";
import type { RedisClient } from "../modules/kernel";
import type { Env, EventStore, Logger } from "../modules/kernel";
import type { BlobStorage } from "../modules/storage";

/**
 * What a worker is started with: the handles every role shares. runtime/services.ts's CoreServices has
 * this shape (and more); workers name it here so they never import runtime/ (docs/decisions/033).
 */
export type WorkerCore = {
  env: Env;
  logger: Logger;
  pool: pg.Pool;
  db: Kysely<unknown>;
  store: EventStore;
  /** the request path's Redis (rate limits, link secrets, health): fails within about a second, never hangs */
  redis: RedisClient;
  /** stored files (exports, uploads) under STORAGE_DIR */
  storage: BlobStorage;
};
