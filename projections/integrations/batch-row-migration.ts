import { sql, type Kysely } from "kysely";

/**
 * A batch is one row until its first try (decision 126): the subscriber records each batch of an endpoint's
 * deliveries as one `webhook_batches` row (its deliveries as JSON), and the worker writes the delivery rows once,
 * after the first try, with its outcome; a try is a `webhook_attempts` row only when it failed (a success's try is
 * the delivery row itself: its time, status, duration and answer). Rows recorded before stay as they are: an
 * untried one is sent by itself (the sweep queues it), so the batch index of decision 096 goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_batches (
      id text primary key,
      endpoint_id text not null,
      organization_id text not null,
      first_position bigint not null,
      size integer not null,
      deliveries text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_batches_endpoint_idx on webhook_batches (endpoint_id, first_position desc)`.execute(db);
  await sql`alter table webhook_deliveries add column last_duration_ms integer, add column last_response_body text`.execute(db);
  await sql`drop index if exists webhook_deliveries_batch_idx`.execute(db);
}
