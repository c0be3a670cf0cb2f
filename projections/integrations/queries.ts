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

/** Pending deliveries recorded before `before` (the sweep queues them again: a lost job is found). */
export const pendingDeliveries = (db: Db, before: Date, limit = 1000) =>
  wh(db).selectFrom("webhook_deliveries").select(["id"]).where("status", "=", "pending").where("created_at", "<", before.toISOString()).orderBy("position").limit(limit).execute();

/**
 * One try's outcome, in ONE statement (no transaction holding a connection while others wait): the attempt
 * logged, the delivery and the endpoint's failing clock moved. Answers the endpoint's failing_since.
 */
export async function recordAttempt(
  db: Db,
  input: { deliveryId: string; endpointId: string; at: Date; statusCode: number | null; error: string | null; durationMs: number; responseBody: string | null; ok: boolean; final: boolean },
): Promise<string | null> {
  const at = input.at.toISOString();
  const status = input.ok ? "succeeded" : input.final ? "failed" : "pending";
  const { rows } = await sql<{ failing_since: string | Date | null }>`
    with d as (
      update webhook_deliveries
         set attempts = attempts + 1, last_status_code = ${input.statusCode}, last_error = ${input.error}, last_attempt_at = ${at}::timestamptz,
             status = ${status}, succeeded_at = ${input.ok ? at : null}::timestamptz
       where id = ${input.deliveryId}
      returning id, attempts
    ), a as (
      insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms, response_body)
      select id, attempts, ${at}::timestamptz, ${input.statusCode}, ${input.error}, ${Math.round(input.durationMs)}, ${input.responseBody} from d
    )
    update webhook_subscriptions
       set failing_since = ${input.ok ? sql`null` : sql`coalesce(failing_since, ${at}::timestamptz)`}
     where endpoint_id = ${input.endpointId}
    returning failing_since`.execute(wh(db));
  const since = rows[0]?.failing_since;
  return since ? new Date(since).toISOString() : null;
}

/** A delivery an admin sends again: pending once more (its id stays: receivers de-duplicate by it). */
export const markForRedelivery = (db: Db, id: string) => wh(db).updateTable("webhook_deliveries").set({ status: "pending" }).where("id", "=", id).execute();
