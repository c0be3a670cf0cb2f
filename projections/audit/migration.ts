import { sql, type Kysely } from "kysely";

/** The note streams of each participant, for the auditor's replay (decision 021). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_audit_note_streams (
      note_id text primary key,
      stream_id text not null,
      organization_id text not null,
      participant_id text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_audit_note_streams_participant_idx on rm_audit_note_streams (organization_id, participant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_audit_note_streams`.execute(db);
}
