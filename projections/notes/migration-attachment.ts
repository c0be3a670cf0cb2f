import { sql, type Kysely } from "kysely";

/** A note's attached image ('Attached Image'): the uploaded file's stored path, null without one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_notes add column if not exists attachment text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_notes drop column if exists attachment`.execute(db);
}
