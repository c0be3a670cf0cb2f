import { sql, type Kysely } from "kysely";

/** 2202 (decision 089): the embedded SMS outbox: text messages kept when no provider is configured (shown on /dev/mail). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sms_outbox (
      id bigint generated always as identity primary key,
      organization_id text not null,
      to_number text not null,
      body text not null,
      dedupe_key text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sms_outbox`.execute(db);
}
