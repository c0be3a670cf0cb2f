import { sql, type Kysely } from "kysely";

/** Programs and who is registered to them (modules/programs). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_programs (
      id text primary key,
      organization_id text not null,
      name text not null,
      type text not null,
      schedule_kind text not null,
      days int[] not null,
      dates text[] not null,
      start_date text not null,
      end_date text not null,
      start_time text not null,
      end_time text not null,
      location text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_programs_org_dates_idx on rm_programs (organization_id, start_date, end_date)`.execute(db);
  await sql`
    create table rm_program_registrations (
      program_id text not null,
      participant_id text not null,
      organization_id text not null,
      registered_at timestamptz not null,
      primary key (program_id, participant_id)
    )`.execute(db);
  await sql`create index rm_program_registrations_participant_idx on rm_program_registrations (organization_id, participant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_program_registrations`.execute(db);
  await sql`drop table if exists rm_programs`.execute(db);
}
