import { sql, type Kysely } from "kysely";
import type { BatchDelivery, IntegrationTables, WebhookTables } from "./tables";

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

type BatchRow = Pick<WebhookTables["webhook_batches"], "id" | "organization_id" | "endpoint_id" | "deliveries"> & { created_at: string };

/** A batch's deliveries as the log shows them before their first try (decision 126). */
const untriedOf = (batch: BatchRow): WebhookDeliveryRow[] =>
  (JSON.parse(batch.deliveries) as BatchDelivery[]).map((d) => ({
    id: d.id,
    endpoint_id: batch.endpoint_id,
    organization_id: batch.organization_id,
    event_id: d.event_id,
    event_type: d.event_type,
    stream_id: d.stream_id,
    position: String(d.position),
    payload: d.payload,
    status: "pending",
    attempts: 0,
    last_status_code: null,
    last_error: null,
    last_attempt_at: null,
    succeeded_at: null,
    batch_id: batch.id,
    last_duration_ms: null,
    last_response_body: null,
    created_at: batch.created_at,
  }));

/**
 * An endpoint's deliveries, newest first: the rows of those tried, and those of its batches still waiting for
 * their first try (decision 126; only the newest batches that can hold `limit` deliveries are read).
 */
export async function deliveriesOfEndpoint(db: Db, endpointId: string, limit = 50): Promise<WebhookDeliveryRow[]> {
  const [tried, { rows: batches }] = await Promise.all([
    wh(db).selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpointId).orderBy("position", "desc").orderBy("id").limit(limit).execute() as Promise<WebhookDeliveryRow[]>,
    sql<BatchRow>`
      select id, organization_id, endpoint_id, deliveries, created_at from (
        select *, sum(size) over (order by first_position desc) - size as newer from webhook_batches where endpoint_id = ${endpointId}
      ) b where newer < ${limit} order by first_position desc`.execute(wh(db)),
  ]);
  if (!batches.length) return tried;
  return [...batches.flatMap(untriedOf), ...tried].sort((a, b) => Number(b.position) - Number(a.position) || a.id.localeCompare(b.id)).slice(0, limit);
}

/** A delivery: its row, or, before its first try, its place in one of its organization's batches. */
export async function deliveryById(db: Db, id: string, organizationId: string): Promise<WebhookDeliveryRow | undefined> {
  const row = await wh(db).selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
  if (row) return row as WebhookDeliveryRow;
  const { rows } = await sql<BatchRow>`
    select id, organization_id, endpoint_id, deliveries, created_at from webhook_batches where organization_id = ${organizationId} and strpos(deliveries, ${JSON.stringify(id)}) > 0`.execute(wh(db));
  return rows.flatMap(untriedOf).find((d) => d.id === id);
}

/**
 * Every try of a delivery, oldest first. A failed try is a row; a successful one may be only the delivery row's
 * last try (decision 126: no attempt row is written for it), shown here as a try like the others.
 */
export async function attemptsOfDelivery(db: Db, deliveryId: string): Promise<WebhookAttemptRow[]> {
  const [rows, delivery] = await Promise.all([
    wh(db).selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", deliveryId).orderBy("id").execute() as Promise<WebhookAttemptRow[]>,
    wh(db).selectFrom("webhook_deliveries").select(["status", "attempts", "last_attempt_at", "last_status_code", "last_duration_ms", "last_response_body"]).where("id", "=", deliveryId).executeTakeFirst(),
  ]);
  if (!delivery || delivery.status !== "succeeded" || !delivery.last_attempt_at || rows.some((r) => r.attempt === delivery.attempts)) return rows;
  return [
    ...rows,
    { id: `${deliveryId}-${delivery.attempts}`, delivery_id: deliveryId, attempt: delivery.attempts, at: delivery.last_attempt_at, status_code: delivery.last_status_code, error: null, duration_ms: delivery.last_duration_ms ?? 0, response_body: delivery.last_response_body },
  ];
}

/** What the delivery worker needs to send one delivery: the delivery and its endpoint's subscription. */
export const deliveryToSend = (db: Db, id: string) =>
  wh(db)
    .selectFrom("webhook_deliveries as d")
    .leftJoin("webhook_subscriptions as s", "s.endpoint_id", "d.endpoint_id")
    .select(["d.id", "d.endpoint_id", "d.organization_id", "d.payload", "d.status", "d.attempts", "s.url", "s.secret", "s.active", "s.failing_since"])
    .where("d.id", "=", id)
    .executeTakeFirst();

/** A batch waiting for its first try, with its endpoint's subscription (decision 126). */
export async function batchToSend(db: Db, batchId: string) {
  const row = await wh(db)
    .selectFrom("webhook_batches as b")
    .leftJoin("webhook_subscriptions as s", "s.endpoint_id", "b.endpoint_id")
    .select(["b.id", "b.endpoint_id", "b.organization_id", "b.deliveries", "s.url", "s.secret", "s.active"])
    .where("b.id", "=", batchId)
    .executeTakeFirst();
  return row && { ...row, deliveries: JSON.parse(row.deliveries) as BatchDelivery[] };
}

/** Batches recorded before `before` and still waiting (the sweep queues them again: a lost job is found). */
export const waitingBatches = (db: Db, before: Date, limit = 1000) =>
  wh(db).selectFrom("webhook_batches").select("id").where("created_at", "<", before.toISOString()).orderBy("first_position").limit(limit).execute();

/**
 * Pending delivery rows recorded before `before` (the sweep queues each again by itself: a lost job is found):
 * one waiting for a retry or redelivered, or one recorded untried before decision 126.
 */
export const pendingDeliveries = (db: Db, before: Date, limit = 1000) =>
  wh(db)
    .selectFrom("webhook_deliveries")
    .select(["id", "attempts"])
    .where("status", "=", "pending")
    .where("created_at", "<", before.toISOString())
    .orderBy("position")
    .limit(limit)
    .execute();

export type AttemptOutcome = { deliveryId: string; at: Date; statusCode: number | null; error: string | null; durationMs: number; responseBody: string | null; ok: boolean; final: boolean };

/** The outcomes as one set of rows: `o(id, at, status_code, error, duration_ms, response_body, status)`. */
function outcomesTable(outcomes: readonly AttemptOutcome[]) {
  const column = <T>(pick: (o: AttemptOutcome) => T) => outcomes.map(pick);
  return sql`select * from unnest(
    ${column((o) => o.deliveryId)}::text[], ${column((o) => o.at.toISOString())}::timestamptz[], ${column((o) => o.statusCode)}::int[],
    ${column((o) => o.error)}::text[], ${column((o) => Math.round(o.durationMs))}::int[], ${column((o) => o.responseBody)}::text[],
    ${column((o) => (o.ok ? "succeeded" : o.final ? "failed" : "pending"))}::text[]
  ) as t(id, at, status_code, error, duration_ms, response_body, status)`;
}

/**
 * The endpoint's failing clock, as the last part of a statement: cleared by any success, started by the first
 * failure; written only when it changes (a healthy endpoint's row is not rewritten each batch). Selects
 * `failing_since`.
 */
function failingClock(endpointId: string, outcomes: readonly AttemptOutcome[]) {
  if (outcomes.some((o) => o.ok))
    return sql`f as (update webhook_subscriptions set failing_since = null where endpoint_id = ${endpointId} and failing_since is not null)
      select null::timestamptz as failing_since`;
  const firstAt = outcomes.reduce((min, o) => (o.at < min ? o.at : min), outcomes[0]!.at).toISOString();
  return sql`f as (update webhook_subscriptions set failing_since = ${firstAt}::timestamptz where endpoint_id = ${endpointId} and failing_since is null returning failing_since)
    select coalesce((select failing_since from f), (select failing_since from webhook_subscriptions where endpoint_id = ${endpointId})) as failing_since`;
}

const sinceOf = (rows: { failing_since: string | Date | null }[]) => {
  const since = rows[0]?.failing_since;
  return since ? new Date(since).toISOString() : null;
};

/**
 * The first try of a batch (decision 126), in ONE statement (no transaction holding a connection while others
 * wait): the batch row goes, each of its deliveries becomes a row with the try's outcome (a delivery without an
 * outcome stays pending, untried: the sweep finds it), a failed try is logged as an attempt row, and the
 * endpoint's failing clock moves. A batch already written (a second run) writes nothing. Answers the
 * endpoint's failing_since.
 */
export async function recordBatch(db: Db, batchId: string, endpointId: string, outcomes: readonly AttemptOutcome[]): Promise<string | null> {
  const { rows } = await sql<{ failing_since: string | Date | null }>`
    with o as (${outcomesTable(outcomes)}),
    b as (delete from webhook_batches where id = ${batchId} returning id, endpoint_id, organization_id, deliveries, created_at),
    r as (
      select b.id as batch_id, b.endpoint_id, b.organization_id, b.created_at, x.*
        from b cross join lateral json_to_recordset(b.deliveries::json) as x(id text, event_id text, event_type text, stream_id text, position bigint, payload text)
    ), d as (
      insert into webhook_deliveries (id, endpoint_id, organization_id, event_id, event_type, stream_id, position, payload, status, attempts,
                                      last_status_code, last_error, created_at, last_attempt_at, succeeded_at, batch_id, last_duration_ms, last_response_body)
      select r.id, r.endpoint_id, r.organization_id, r.event_id, r.event_type, r.stream_id, r.position, r.payload, coalesce(o.status, 'pending'),
             case when o.id is null then 0 else 1 end, o.status_code, o.error, r.created_at, o.at, case when o.status = 'succeeded' then o.at end,
             r.batch_id, o.duration_ms, o.response_body
        from r left join o on o.id = r.id
      on conflict (id) do nothing
      returning id
    ), a as (
      insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms, response_body)
      select o.id, 1, o.at, o.status_code, o.error, o.duration_ms, o.response_body from o join d on d.id = o.id where o.status <> 'succeeded'
    ), ${failingClock(endpointId, outcomes)}`.execute(wh(db));
  return sinceOf(rows);
}

/**
 * The outcomes of tries of existing delivery rows of ONE endpoint (retries, redeliveries, rows recorded before
 * decision 126), in ONE statement: each delivery moved (its last try's time, status, duration and answer), a
 * failed try logged as an attempt row (a success's try is the delivery row itself), and the endpoint's failing
 * clock moved. Answers the endpoint's failing_since.
 */
export async function recordAttempts(db: Db, endpointId: string, outcomes: readonly AttemptOutcome[]): Promise<string | null> {
  if (!outcomes.length) return null;
  const { rows } = await sql<{ failing_since: string | Date | null }>`
    with i as (${outcomesTable(outcomes)}),
    d as (
      update webhook_deliveries w
         set attempts = w.attempts + 1, last_status_code = i.status_code, last_error = i.error, last_attempt_at = i.at,
             status = i.status, succeeded_at = case when i.status = 'succeeded' then i.at end,
             last_duration_ms = i.duration_ms, last_response_body = i.response_body
        from i
       where w.id = i.id
      returning w.id, w.attempts
    ), a as (
      insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms, response_body)
      select d.id, d.attempts, i.at, i.status_code, i.error, i.duration_ms, i.response_body from d join i on i.id = d.id where i.status <> 'succeeded'
    ), ${failingClock(endpointId, outcomes)}`.execute(wh(db));
  return sinceOf(rows);
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

/**
 * A delivery an admin sends again: pending once more (its id stays: receivers de-duplicate by it). A last try
 * that succeeded and lives only on the delivery row (decision 126) is first logged as an attempt row, so the
 * next try does not hide it.
 */
export const markForRedelivery = (db: Db, id: string) =>
  sql`
    with kept as (
      insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms, response_body)
      select d.id, d.attempts, d.last_attempt_at, d.last_status_code, null, coalesce(d.last_duration_ms, 0), d.last_response_body
        from webhook_deliveries d
       where d.id = ${id} and d.status = 'succeeded' and d.last_attempt_at is not null
         and not exists (select 1 from webhook_attempts a where a.delivery_id = d.id and a.attempt = d.attempts)
    )
    update webhook_deliveries set status = 'pending' where id = ${id}`.execute(wh(db));
