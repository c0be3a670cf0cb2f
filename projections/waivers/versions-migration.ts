import { sql, type Kysely } from "kysely";
import { addWaiverVersionColumn, dropWaiverVersionColumn } from "../participants";

/**
 * 2401-waiver-versions (decision 100): the organizations' published waiver texts, and the version each
 * participant signed (rm_participants.waiver_version, written by the participants projection: a new
 * version turns older signatures to 'not signed'). Rows from before read null: the built-in text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_waiver_versions (
      organization_id uuid not null,
      version_id text not null,
      title text not null,
      body text not null,
      effective_from timestamptz not null,
      published_by text,
      primary key (organization_id, version_id)
    )`.execute(db);
  await sql`create index rm_waiver_versions_effective on rm_waiver_versions (organization_id, effective_from desc)`.execute(db);
  await addWaiverVersionColumn(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropWaiverVersionColumn(db);
  await sql`drop table if exists rm_waiver_versions`.execute(db);
}
