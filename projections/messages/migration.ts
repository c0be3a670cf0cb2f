import { sql, type Kysely } from "kysely";

/**
 * The inbox (modules/communications, decision 073): conversations, their members (each with an unread count
 * and an archived switch, and the conversation's last message time, so one index answers an inbox page and
 * the badge) and their messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_threads (
      id text primary key,
      organization_id text not null,
      subject text not null,
      started_by text not null,
      started_at timestamptz not null,
      last_message_at timestamptz not null,
      last_author_id text,
      preview text not null default '',
      message_count integer not null default 0
    )`.execute(db);
  await sql`
    create table rm_thread_members (
      thread_id text not null,
      user_id text not null,
      organization_id text not null,
      reason text not null,
      for_user_id text,
      unread integer not null default 0,
      archived boolean not null default false,
      last_read_at timestamptz,
      last_message_at timestamptz not null,
      primary key (thread_id, user_id)
    )`.execute(db);
  await sql`create index rm_thread_members_inbox_idx on rm_thread_members (user_id, archived, last_message_at desc, thread_id)`.execute(db);
  // the badge: a user's unread conversations in their inbox
  await sql`create index rm_thread_members_unread_idx on rm_thread_members (user_id) where unread > 0 and not archived`.execute(db);
  await sql`
    create table rm_messages (
      id text primary key,
      thread_id text not null,
      organization_id text not null,
      author_id text not null,
      body text not null,
      posted_at timestamptz not null,
      retracted_at timestamptz,
      retract_reason text,
      retracted_by text
    )`.execute(db);
  await sql`create index rm_messages_thread_idx on rm_messages (thread_id, posted_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_messages`.execute(db);
  await sql`drop table if exists rm_thread_members`.execute(db);
  await sql`drop table if exists rm_threads`.execute(db);
}
