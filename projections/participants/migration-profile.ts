import { sql, type Kysely } from "kysely";

/**
 * Participant profiles (decision 065): the reason of an Inactive or Alumni status, and the profile's
 * further answers (pronouns, postal code, province, household income, birthplace, programme interest,
 * how they heard) as one JSON object, read by the edit form only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_participants add column status_reason text`.execute(db);
  await sql`alter table rm_participants add column details jsonb not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["details", "status_reason"]) {
    await sql.raw(`alter table rm_participants drop column if exists ${column}`).execute(db);
  }
}
