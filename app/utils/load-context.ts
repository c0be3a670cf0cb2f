import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { Clock, EventStore, HealthReport, Logger } from "#modules/kernel";
import type { SessionStore } from "#modules/identity";
import type { ReadModels } from "#projections";
import type { BlobStorage } from "#modules/storage";

/** What server.ts hands every loader and action (getLoadContext). */
export type AppServices = {
  health(): Promise<HealthReport>;
  /** the read models (loaders read only these) */
  db: Kysely<ReadModels>;
  store: EventStore;
  redis: Redis;
  /** stored files (export downloads) */
  storage: BlobStorage;
  /** the BullMQ key prefix of this database's queues */
  queuePrefix: string;
  clock: Clock;
  sessions: SessionStore;
  logger: Logger;
  /** cookies get Secure in production */
  production: boolean;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: AppServices;
    /** the client's address as Express sees it (trust proxy decides) */
    clientIp: string;
    /** this response's Content-Security-Policy nonce, for inline scripts (runtime/security-headers.ts) */
    cspNonce: string;
  }
}
