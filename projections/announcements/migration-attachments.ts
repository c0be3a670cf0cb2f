import { sql, type Kysely } from "kysely";

/** 2203 (decision 107): an announcement's attachments (stored path, name, type, size of each uploaded file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_announcements add column attachments jsonb not null default '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_announcements drop column if exists attachments`.execute(db);
}
