import { sql, type Kysely } from "kysely";

/** The visit's security code (docs/decisions/036): null for visits recorded without one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_check_ins add column if not exists security_code text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_check_ins drop column if exists security_code`.execute(db);
}
