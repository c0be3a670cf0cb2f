import { sql, type Kysely } from "kysely";

/** Challenges and members' progress (modules/challenges, decision 102). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_challenges (
      id text primary key,
      organization_id text not null,
      title text not null,
      description text not null,
      image text,
      starts_on text not null,
      ends_on text not null,
      audience jsonb not null,
      points integer not null,
      rule_kind text not null,
      survey_id text,
      program_id text,
      sessions_needed integer,
      archived boolean not null default false,
      completions integer not null default 0,
      created_by text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_challenges_org_idx on rm_challenges (organization_id, created_at desc)`.execute(db);
  await sql`
    create table rm_challenge_progress (
      challenge_id text not null,
      participant_id text not null,
      organization_id text not null,
      sessions integer not null default 0,
      completed_at timestamptz,
      completed_how text,
      completed_by text,
      updated_at timestamptz not null,
      primary key (challenge_id, participant_id)
    )`.execute(db);
  await sql`create index rm_challenge_progress_member_idx on rm_challenge_progress (participant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rm_challenge_progress", "rm_challenges"]) await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
