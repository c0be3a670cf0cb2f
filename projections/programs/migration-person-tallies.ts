import { sql, type Kysely } from "kysely";

/**
 * Each participant's tally of marks per program (decision 057): the program summary reads ~30 rows a
 * program instead of a year of marks. Filled from the marks already projected, so an existing database
 * needs no rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists rm_program_person_tallies (
      program_id text not null,
      participant_id text not null,
      organization_id text not null,
      attended integer not null,
      absent integer not null,
      marked integer not null,
      primary key (program_id, participant_id)
    )`.execute(db);
  await sql`
    insert into rm_program_person_tallies (program_id, participant_id, organization_id, attended, absent, marked)
    select program_id, participant_id, max(organization_id),
      count(*) filter (where status in ('present', 'late')), count(*) filter (where status = 'absent'), count(*)
    from rm_program_attendance group by program_id, participant_id
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_program_person_tallies`.execute(db);
}
