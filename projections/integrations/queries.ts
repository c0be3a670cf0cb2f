import { sql, type Kysely } from "kysely";
import type { IntegrationTables, WebhookTables } from "./tables";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database handle holding these tables
type Db = Kysely<any>;
const rm = (db: Db) => db as Kysely<IntegrationTables>;
const wh = (db: Db) => db as Kysely<WebhookTables>;

export type ApiKeyRow = IntegrationTables["rm_api_keys"];
export type WebhookEndpointRow = IntegrationTables["rm_webhook_endpoints"] & { failing_since: string | null };
export type WebhookDeliveryRow = Omit<WebhookTables["webhook_deliveries"], "created_at"> & { created_at: string };
export type WebhookAttemptRow = Omit<WebhookTables["webhook_attempts"], "id"> & { id: string };

/** An organization's API keys, newest first. */
export const apiKeysOfOrganization = (db: Db, organizationId: string): Promise<ApiKeyRow[]> =>
  rm(db).selectFrom("rm_api_keys").selectAll().where("organization_id", "=", organizationId).orderBy("created_at", "desc").execute();

/** An organization's webhook endpoints, newest first, with since when deliveries to each fail. */
export async function webhookEndpointsOf(db: Db, organizationId: string): Promise<WebhookEndpointRow[]> {
  const endpoints = await rm(db).selectFrom("rm_webhook_endpoints").selectAll().where("organization_id", "=", organizationId).orderBy("created_at", "desc").execute();
  if (!endpoints.length) return [];
  const failing = await wh(db).selectFrom("webhook_subscriptions").select(["endpoint_id", "failing_since"]).where("endpoint_id", "in", endpoints.map((e) => e.id)).execute();
  const since = new Map(failing.map((f) => [f.endpoint_id, f.failing_since]));
  return endpoints.map((e) => ({ ...e, failing_since: since.get(e.id) ?? null }));
}

export const webhookEndpointById = (db: Db, id: string) => rm(db).selectFrom("rm_webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();

/** An endpoint's deliveries, newest first. */
export const deliveriesOfEndpoint = (db: Db, endpointId: string, limit = 50): Promise<WebhookDeliveryRow[]> =>
  wh(db).selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpointId).orderBy("position", "desc").orderBy("id").limit(limit).execute();

export const deliveryById = (db: Db, id: string) => wh(db).selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();

export const attemptsOfDelivery = (db: Db, deliveryId: string): Promise<WebhookAttemptRow[]> =>
  wh(db).selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", deliveryId).orderBy("id").execute() as Promise<WebhookAttemptRow[]>;

/** What the delivery worker needs to send one delivery: the delivery and its endpoint's subscription. */
export const deliveryToSend = (db: Db, id: string) =>
  wh(db)
    .selectFrom("webhook_deliveries as d")
    .leftJoin("webhook_subscriptions as s", "s.endpoint_id", "d.endpoint_id")
    .select(["d.id", "d.endpoint_id", "d.organization_id", "d.payload", "d.status", "d.attempts", "s.url", "s.secret", "s.active", "s.failing_since"])
    .where("d.id", "=", id)
    .executeTakeFirst();

/** A batch's untried deliveries with their endpoint's subscription, in store order (decision 096). */
export const batchToSend = (db: Db, batchId: string) =>
  wh(db)
    .selectFrom("webhook_deliveries as d")
    .leftJoin("webhook_subscriptions as s", "s.endpoint_id", "d.endpoint_id")
    .select(["d.id", "d.endpoint_id", "d.organization_id", "d.stream_id", "d.payload", "d.status", "d.attempts", "s.url", "s.secret", "s.active", "s.failing_since"])
    .where("d.batch_id", "=", batchId)
    .where("d.attempts", "=", 0)
    .where("d.status", "=", "pending")
    .orderBy("d.position")
    .orderBy("d.id")
    .execute();

/**
 * Pending deliveries recorded before `before` (the sweep queues them again: a lost job is found): an untried
 * one by its batch, a tried one (waiting for a retry) by itself.
 */
export const pendingDeliveries = (db: Db, before: Date, limit = 1000) =>
  wh(db)
    .selectFrom("webhook_deliveries")
    .select(["id", "batch_id", "attempts"])
    .where("status", "=", "pending")
    .where("created_at", "<", before.toISOString())
    .orderBy("position")
    .limit(limit)
    .execute();

export type AttemptOutcome = { deliveryId: string; at: Date; statusCode: number | null; error: string | null; durationMs: number; responseBody: string | null; ok: boolean; final: boolean };

/**
 * The outcomes of tries to ONE endpoint, in ONE statement (no transaction holding a connection while others
 * wait): each attempt logged, each delivery moved, and the endpoint's failing clock cleared by any success
 * or started by the first failure. Answers the endpoint's failing_since.
 */
export async function recordAttempts(db: Db, endpointId: string, outcomes: readonly AttemptOutcome[]): Promise<string | null> {
  if (!outcomes.length) return null;
  const column = <T>(pick: (o: AttemptOutcome) => T) => outcomes.map(pick);
  const anyOk = outcomes.some((o) => o.ok);
  const firstAt = outcomes.reduce((min, o) => (o.at < min ? o.at : min), outcomes[0]!.at).toISOString();
  const { rows } = await sql<{ failing_since: string | Date | null }>`
    with i as (
      select * from unnest(
        ${column((o) => o.deliveryId)}::text[], ${column((o) => o.at.toISOString())}::timestamptz[], ${column((o) => o.statusCode)}::int[],
        ${column((o) => o.error)}::text[], ${column((o) => Math.round(o.durationMs))}::int[], ${column((o) => o.responseBody)}::text[],
        ${column((o) => (o.ok ? "succeeded" : o.final ? "failed" : "pending"))}::text[]
      ) as t(id, at, status_code, error, duration_ms, response_body, status)
    ), d as (
      update webhook_deliveries w
         set attempts = w.attempts + 1, last_status_code = i.status_code, last_error = i.error, last_attempt_at = i.at,
             status = i.status, succeeded_at = case when i.status = 'succeeded' then i.at end
        from i
       where w.id = i.id
      returning w.id, w.attempts
    ), a as (
      insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms, response_body)
      select d.id, d.attempts, i.at, i.status_code, i.error, i.duration_ms, i.response_body from d join i on i.id = d.id
    )
    update webhook_subscriptions
       set failing_since = ${anyOk ? sql`null` : sql`coalesce(failing_since, ${firstAt}::timestamptz)`}
     where endpoint_id = ${endpointId}
    returning failing_since`.execute(wh(db));
  const since = rows[0]?.failing_since;
  return since ? new Date(since).toISOString() : null;
}

/** One try's outcome (a retry or a redelivery). */
export const recordAttempt = (db: Db, input: AttemptOutcome & { endpointId: string }) => recordAttempts(db, input.endpointId, [input]);

/** How long a finished delivery (delivered or given up) and its tries stay in the log. */
export const DELIVERY_KEPT_DAYS = 30;

/**
 * Forgets up to `limit` finished deliveries recorded before `before`, with their tries (the sweep's cleanup,
 * a bounded piece each time). Answers how many went.
 */
export async function forgetFinishedDeliveries(db: Db, before: Date, limit = 5000): Promise<number> {
  const { rows } = await sql<{ gone: string }>`
    with old as (
      select id from webhook_deliveries where status <> 'pending' and created_at < ${before.toISOString()}::timestamptz order by created_at limit ${limit}
    ), tries as (
      delete from webhook_attempts where delivery_id in (select id from old)
    ), gone as (
      delete from webhook_deliveries where id in (select id from old) returning 1
    )
    select count(*) as gone from gone`.execute(wh(db));
  return Number(rows[0]?.gone ?? 0);
}

/** A delivery an admin sends again: pending once more (its id stays: receivers de-duplicate by it). */
export const markForRedelivery = (db: Db, id: string) => wh(db).updateTable("webhook_deliveries").set({ status: "pending" }).where("id", "=", id).execute();
