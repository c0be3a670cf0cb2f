import { sql, type Kysely } from "kysely";

/**
 * The builder's survey fields (decision 111): the audience's user groups and programs, the points a submission
 * awards, the picture. Surveys projected before read as none, 0 and none (what their events mean).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_surveys add column group_ids jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table rm_surveys add column program_ids jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table rm_surveys add column points integer not null default 0`.execute(db);
  await sql`alter table rm_surveys add column image text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["group_ids", "program_ids", "points", "image"]) await sql`alter table rm_surveys drop column if exists ${sql.raw(column)}`.execute(db);
}
