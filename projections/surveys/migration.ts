import { sql, type Kysely } from "kysely";

/** Surveys (modules/surveys, decision 074): the surveys, each version's pages, one row per member's response. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_surveys (
      id text primary key,
      organization_id text not null,
      name text not null,
      description text not null,
      status text not null,
      version integer not null,
      age_min integer,
      age_max integer,
      genders jsonb not null,
      start_date text,
      end_date text,
      created_at timestamptz not null,
      published_at timestamptz,
      closed_at timestamptz
    )`.execute(db);
  await sql`create index rm_surveys_org_idx on rm_surveys (organization_id, created_at desc)`.execute(db);
  await sql`
    create table rm_survey_versions (
      survey_id text not null,
      version integer not null,
      pages jsonb not null,
      primary key (survey_id, version)
    )`.execute(db);
  await sql`
    create table rm_survey_responses (
      survey_id text not null,
      participant_id text not null,
      organization_id text not null,
      version integer not null,
      answers jsonb not null,
      last_page integer not null,
      completed boolean not null,
      started_at timestamptz not null,
      updated_at timestamptz not null,
      completed_at timestamptz,
      primary key (survey_id, participant_id)
    )`.execute(db);
  await sql`create index rm_survey_responses_participant_idx on rm_survey_responses (participant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_survey_responses`.execute(db);
  await sql`drop table if exists rm_survey_versions`.execute(db);
  await sql`drop table if exists rm_surveys`.execute(db);
}
