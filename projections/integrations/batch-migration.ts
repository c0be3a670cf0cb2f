import { sql, type Kysely } from "kysely";

/**
 * Deliveries sent in batches (decision 096): each delivery's first try belongs to a batch of its endpoint's
 * deliveries recorded together; the batch is one job. The indexes find a batch's untried deliveries, and finished
 * deliveries past their keeping time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_deliveries add column batch_id text`.execute(db);
  await sql`create index webhook_deliveries_batch_idx on webhook_deliveries (batch_id, position) where attempts = 0`.execute(db);
  // the sweep forgets finished deliveries by age
  await sql`create index webhook_deliveries_finished_idx on webhook_deliveries (created_at) where status <> 'pending'`.execute(db);
}
