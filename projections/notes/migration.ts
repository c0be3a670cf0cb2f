import { sql, type Kysely } from "kysely";

/** Notes and flags as notes, and their comments (modules/notes, modules/flags). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_notes (
      id text primary key,
      organization_id text not null,
      participant_id text not null,
      source text not null,
      type text,
      status text not null,
      is_flagged boolean not null default false,
      is_warned boolean not null default false,
      resolved boolean not null default false,
      message text not null,
      role_ids text[] not null default '{}',
      created_by text,
      created_by_user jsonb not null,
      updated_by_user jsonb,
      archive_by_user jsonb,
      unflagged_by text,
      unflagged_by_user jsonb,
      created_date timestamptz not null,
      updated_date timestamptz not null,
      comment_count integer not null default 0,
      note_comment jsonb not null default '[]'
    )`.execute(db);
  await sql`create index rm_notes_participant_idx on rm_notes (organization_id, participant_id, created_date)`.execute(db);
  await sql`
    create table rm_note_comments (
      id text primary key,
      note_id text not null,
      organization_id text not null,
      type text not null,
      status text not null,
      message text not null,
      user_id text,
      user_full_name text not null,
      user_role_name text not null,
      user_role_display_name text not null,
      user_photo_url text,
      created_date timestamptz not null,
      updated_date timestamptz not null,
      deleted_comment jsonb
    )`.execute(db);
  await sql`create index rm_note_comments_note_idx on rm_note_comments (note_id, created_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_note_comments`.execute(db);
  await sql`drop table if exists rm_notes`.execute(db);
}
