import { sql, type Kysely } from "kysely";

/** Screening questions per organization and daily screenings per participant (modules/screening). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_screening_questions (
      organization_id text primary key,
      questions jsonb not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table rm_daily_screenings (
      participant_id text not null,
      day text not null,
      organization_id text not null,
      status text not null,
      failed boolean not null default false,
      answers jsonb not null default '[]',
      by_user text,
      on_behalf boolean not null default false,
      at timestamptz not null,
      primary key (participant_id, day)
    )`.execute(db);
  await sql`create index rm_daily_screenings_org_day_idx on rm_daily_screenings (organization_id, day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_daily_screenings`.execute(db);
  await sql`drop table if exists rm_screening_questions`.execute(db);
}
