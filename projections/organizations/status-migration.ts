import { sql, type Kysely } from "kysely";

/** Decision 067: an organization may be deactivated (its users then cannot sign in). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_organizations add column deactivated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_organizations drop column if exists deactivated_at`.execute(db);
}
