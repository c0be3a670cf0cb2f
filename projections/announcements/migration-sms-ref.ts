import { sql, type Kysely } from "kysely";

/** 2205 (decision 108): a text message's delivery found by the provider's message id (Twilio's status callbacks). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists comm_deliveries_sms_ref_idx on comm_deliveries (ref) where channel = 'SMS'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists comm_deliveries_sms_ref_idx`.execute(db);
}
