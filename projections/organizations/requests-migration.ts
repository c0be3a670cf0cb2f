import { sql, type Kysely } from "kysely";

/** The organization requests (decision 067): one row per request, its details as submitted. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_organization_requests (
      id text primary key,
      name text not null,
      type text not null,
      details jsonb not null,
      status text not null,
      reason text,
      organization_id text,
      decided_by text,
      created_at timestamptz not null,
      decided_at timestamptz
    )`.execute(db);
  await sql`create index rm_organization_requests_status_idx on rm_organization_requests (status, created_at, id)`.execute(db);
  await sql`create index rm_organization_requests_name_idx on rm_organization_requests (lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_organization_requests`.execute(db);
}
