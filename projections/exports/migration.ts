import { sql, type Kysely } from "kysely";

/** The Downloads page and the retention clean-up read this (modules/exports). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_exports (
      id text primary key,
      organization_id text not null,
      requested_by text not null,
      kind text not null,
      filters jsonb not null,
      file_name text not null,
      status text not null,
      rows int,
      bytes bigint,
      sha256 text,
      file_key text,
      reason text,
      requested_at timestamptz not null,
      finished_at timestamptz,
      expired_at timestamptz
    )`.execute(db);
  await sql`create index rm_exports_requester_idx on rm_exports (organization_id, requested_by, requested_at desc)`.execute(db);
  await sql`create index rm_exports_status_idx on rm_exports (status, finished_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_exports`.execute(db);
}
