import { sql, type Kysely } from "kysely";

/**
 * A child's guardians (decision 064): one row per linked guardian and child (a participant), and the pairs
 * unlinked (so a later edit of the participant does not bring its parent back). Filled from
 * the guardians projection; the parent each participant was registered with (rm_participants.parent_id)
 * is copied in here so the links exist before the projection has caught up (it writes the same rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_guardians (
      participant_id uuid not null,
      guardian_id uuid not null,
      organization_id uuid not null,
      relationship text,
      linked_at timestamptz not null,
      -- 'registered': the participant's own parentId; 'linked': a GuardianLinked
      source text not null default 'registered',
      primary key (participant_id, guardian_id)
    )`.execute(db);
  // the pairs whose latest guardian fact is an unlink: the participant's parentId no longer makes them guardians
  await sql`
    create table rm_guardian_unlinks (
      participant_id uuid not null,
      guardian_id uuid not null,
      primary key (participant_id, guardian_id)
    )`.execute(db);
  await sql`create index rm_guardians_guardian_idx on rm_guardians (guardian_id)`.execute(db);
  await sql`create index rm_guardians_org_idx on rm_guardians (organization_id, guardian_id)`.execute(db);
  // a database made before this migration: copy the links it has; a new one (rm_participants made after
  // this, the names sorting 0304 first) gets them from the projection's first run over the store
  const found = await sql<{ t: string | null }>`select to_regclass('rm_participants')::text as t`.execute(db);
  if (!found.rows[0]?.t) return;
  await sql`
    insert into rm_guardians (participant_id, guardian_id, organization_id, relationship, linked_at, source)
    select id, parent_id, organization_id, null, created_date, 'registered' from rm_participants where parent_id is not null
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_guardian_unlinks`.execute(db);
  await sql`drop table if exists rm_guardians`.execute(db);
}
