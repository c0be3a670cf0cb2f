import { sql, type Kysely } from "kysely";

/** Flags on participants, active and resolved (modules/flags). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_flags (
      id text primary key,
      organization_id text not null,
      participant_id text not null,
      type text not null,
      status text not null,
      message text not null,
      flagged_by text,
      flagged_by_name text not null,
      flagged_at timestamptz not null,
      resolution_message text,
      resolved_by text,
      resolved_at timestamptz
    )`.execute(db);
  await sql`create index rm_flags_participant_idx on rm_flags (organization_id, participant_id, status)`.execute(db);
  await sql`create index rm_flags_org_status_idx on rm_flags (organization_id, status, flagged_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_flags`.execute(db);
}
