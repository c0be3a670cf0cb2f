import { sql, type Kysely } from "kysely";

/** Sessions' attendance marks and drop-ins (decision 046). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists rm_program_attendance (
      program_id text not null,
      organization_id text not null,
      session_date text not null,
      start_time text not null,
      participant_id text not null,
      status text not null,
      note text,
      marked_by text,
      marked_at timestamptz not null,
      primary key (program_id, session_date, start_time, participant_id)
    )`.execute(db);
  await sql`create index if not exists rm_program_attendance_org_date_idx on rm_program_attendance (organization_id, session_date)`.execute(db);
  await sql`create index if not exists rm_program_attendance_participant_idx on rm_program_attendance (organization_id, participant_id, session_date)`.execute(db);
  await sql`
    create table if not exists rm_program_drop_ins (
      program_id text not null,
      organization_id text not null,
      session_date text not null,
      start_time text not null,
      participant_id text not null,
      added_by text,
      added_at timestamptz not null,
      primary key (program_id, session_date, start_time, participant_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_program_drop_ins`.execute(db);
  await sql`drop table if exists rm_program_attendance`.execute(db);
}
