import { sql, type Kysely } from "kysely";

/** Part of migration 2401-waiver-versions (decision 100): the waiver version each participant signed. */
export async function addWaiverVersionColumn(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_participants add column if not exists waiver_version text`.execute(db);
}

export async function dropWaiverVersionColumn(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_participants drop column if exists waiver_version`.execute(db);
}
