import type { Kysely } from "kysely";
import type { RedisClient } from "../../kernel";
import type { Clock, EventStore, HealthReport, Logger } from "../../kernel";
import type { BlobStorage } from "../../storage";
import type { ReadModels } from "../../../projections";
import type { SessionStore } from "../sessions/session-store";

/**
 * The handles every service and /api row works with, built once per process by runtime/web.ts and
 * handed to the Remix build through the load context (`context.services`).
 */
export type Services = {
  health(): Promise<HealthReport>;
  /** the read models (reached only through projections' query functions) */
  db: Kysely<ReadModels>;
  /**
   * The primary database, where `db` is a read replica's (READ_DATABASE_URL, decision 124): the session lookup
   * joins the sessions table, which only the primary has and which must see a sign-out at once. Absent: `db`.
   */
  primaryDb?: Kysely<ReadModels>;
  store: EventStore;
  redis: RedisClient;
  /** stored files (export downloads, uploads, photos) */
  storage: BlobStorage;
  /** the BullMQ key prefix of this database's queues */
  queuePrefix: string;
  clock: Clock;
  sessions: SessionStore;
  logger: Logger;
  /** cookies get Secure in production */
  production: boolean;
  /** the app's public address (PUBLIC_URL, no trailing slash): the links in e-mail (decision 059) */
  publicUrl: string;
  /** /help's external support form (SUPPORT_FORM_URL, decision 099), if the operator has one */
  supportFormUrl?: string;
  /** TWILIO_AUTH_TOKEN, when Twilio sends the text messages: its status callbacks are checked with it (decision 108) */
  twilioAuthToken?: string;
  /** API keys and webhooks (decisions 078, 079): API_KEY_RATE_PER_MINUTE, WEBHOOK_ALLOW_HOSTS */
  integrations?: { apiKeyRatePerMinute: number; webhookAllowHosts: string };
};
