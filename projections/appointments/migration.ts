import { sql, type Kysely } from "kysely";

/** Events (appointments), their registrations and attendance (decision 047). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_appointment_events (
      id text primary key,
      organization_id text not null,
      name text not null,
      description text not null default '',
      start_at timestamptz not null,
      end_at timestamptz not null,
      capacity int,
      location text not null default '',
      coach_ids text[] not null default '{}',
      points int not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz
    )`.execute(db);
  await sql`create index rm_appointment_events_org_created_idx on rm_appointment_events (organization_id, created_at desc)`.execute(db);
  await sql`create index rm_appointment_events_org_start_idx on rm_appointment_events (organization_id, start_at)`.execute(db);
  await sql`
    create table rm_appointment_registrations (
      event_id text not null,
      participant_id text not null,
      organization_id text not null,
      registered_at timestamptz not null,
      attendance text,
      marked_at timestamptz,
      primary key (event_id, participant_id)
    )`.execute(db);
  await sql`create index rm_appointment_registrations_participant_idx on rm_appointment_registrations (organization_id, participant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_appointment_registrations`.execute(db);
  await sql`drop table if exists rm_appointment_events`.execute(db);
}
