import { sql, type Kysely } from "kysely";

/** The program builder's fields, the waitlist and the schedule versions (decision 044). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_programs
      add column if not exists description text not null default '',
      add column if not exists activity_type text not null default 'Other',
      add column if not exists category_type text not null default '',
      add column if not exists age_category text not null default '',
      add column if not exists age_min int,
      add column if not exists age_max int,
      add column if not exists genders text[] not null default '{}',
      add column if not exists members_limit int,
      add column if not exists waitlist boolean not null default false,
      add column if not exists coach_ids text[] not null default '{}',
      add column if not exists points_per_session int not null default 0,
      add column if not exists archived_on text,
      add column if not exists copied_from text,
      add column if not exists updated_at timestamptz`.execute(db);
  await sql`create index if not exists rm_programs_org_created_idx on rm_programs (organization_id, created_at desc)`.execute(db);
  await sql`
    create table if not exists rm_program_waitlist (
      program_id text not null,
      participant_id text not null,
      organization_id text not null,
      position bigint not null,
      joined_at timestamptz not null,
      primary key (program_id, participant_id)
    )`.execute(db);
  await sql`
    create table if not exists rm_program_schedules (
      program_id text not null,
      organization_id text not null,
      version int not null,
      from_date text not null,
      cycle_start text not null,
      cycle_end text not null,
      day int not null,
      start_time text not null,
      end_time text not null,
      primary key (program_id, version, day, start_time)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_program_schedules`.execute(db);
  await sql`drop table if exists rm_program_waitlist`.execute(db);
  for (const column of ["description", "activity_type", "category_type", "age_category", "age_min", "age_max", "genders", "members_limit", "waitlist", "coach_ids", "points_per_session", "archived_on", "copied_from", "updated_at"]) {
    await sql`alter table rm_programs drop column if exists ${sql.ref(column)}`.execute(db);
  }
}
