import { sql, type Kysely } from "kysely";

/** Membership requests (modules/requests, decision 066): one row per request. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_requests (
      id text primary key,
      organization_id text not null,
      kind text not null,
      status text not null,
      first_name text not null,
      last_name text not null,
      email text not null,
      phone text not null,
      message text not null,
      birth_date text,
      gender text,
      child jsonb,
      school_role text,
      submitted_at timestamptz not null,
      decided_at timestamptz,
      decided_by text,
      reason text,
      user_id text,
      participant_id text
    )`.execute(db);
  await sql`create index rm_requests_org_status_idx on rm_requests (organization_id, status, submitted_at desc)`.execute(db);
  await sql`create index rm_requests_org_email_idx on rm_requests (organization_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_requests`.execute(db);
}
