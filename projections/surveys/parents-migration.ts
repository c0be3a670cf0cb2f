import { sql, type Kysely } from "kysely";

/**
 * Whether parents answer a survey for their children, and under which age (decision 117). Surveys projected
 * before read as null: members answer for themselves only (what their events mean).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_surveys add column parents_answer_under integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_surveys drop column if exists parents_answer_under`.execute(db);
}
