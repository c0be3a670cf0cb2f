import { sql, type Kysely } from "kysely";

/** Read models of users and user groups, and the identity plumbing (sessions, mail outbox: reshaped and owned by projections/mail since 1500-mail). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_user_groups (
      id uuid primary key,
      organization_id uuid not null,
      name text not null,
      display_name text not null,
      level int not null,
      icon text not null,
      scheme jsonb not null,
      permission_ids text[] not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_user_groups_org_idx on rm_user_groups (organization_id, level desc)`.execute(db);
  await sql`
    create table rm_users (
      id uuid primary key,
      organization_id uuid not null,
      username text not null,
      email text not null,
      first_name text not null,
      last_name text not null,
      user_group_id uuid not null,
      parent_id uuid,
      password_hash text not null,
      status text not null default 'Active',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index rm_users_username_idx on rm_users (username)`.execute(db);
  await sql`create index rm_users_email_idx on rm_users (email)`.execute(db);
  await sql`create index rm_users_group_idx on rm_users (user_group_id)`.execute(db);

  // plumbing, not events (house rule 1): sessions and the mail outbox
  await sql`
    create table sessions (
      id_hash text primary key,
      user_id uuid not null,
      organization_id uuid not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);
  await sql`
    create table mail_outbox (
      id bigint generated always as identity primary key,
      to_address text not null,
      subject text not null,
      body text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["mail_outbox", "sessions", "rm_users", "rm_user_groups"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
