import { sql, type Kysely } from "kysely";

/** 2204 (decision 107): a message's attachments (an announcement's inbox copy carries the announcement's). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_messages add column attachments jsonb not null default '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_messages drop column if exists attachments`.execute(db);
}
