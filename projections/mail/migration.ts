import { sql, type Kysely } from "kysely";

/**
 * 1500-mail (decision 059): the identity migration's `mail_outbox` (to_address, subject, body, created_at,
 * sent_at) gains what a real mail path needs: the organization and its name (the sender's display name), the message kind, the HTML and the headers,
 * the template data, a status with its attempts and last error, and a caller's idempotency key. Rows already
 * there (password-reset mail of the development outbox) read as kept, or sent when they had a sent_at.
 * Beside it: the unsubscribed addresses, and the key that signs unsubscribe links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox
      add column organization_id text,
      add column kind text not null default 'password-reset',
      add column from_name text not null default 'Rollcall',
      add column html text not null default '',
      add column headers jsonb not null default '{}',
      add column data jsonb not null default '{}',
      add column status text not null default 'queued',
      add column attempts int not null default 0,
      add column last_error text,
      add column dedupe_key text,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`update mail_outbox set status = case when sent_at is null then 'kept' else 'sent' end`.execute(db);
  await sql`alter table mail_outbox alter column kind drop default`.execute(db);
  await sql`alter table mail_outbox add constraint mail_outbox_status_check check (status in ('queued', 'sent', 'kept', 'skipped', 'failed'))`.execute(db);
  await sql`create unique index mail_outbox_dedupe_idx on mail_outbox (dedupe_key) where dedupe_key is not null`.execute(db);
  await sql`create index mail_outbox_queued_idx on mail_outbox (id) where status = 'queued'`.execute(db);
  await sql`create index mail_outbox_to_idx on mail_outbox (lower(to_address), id desc)`.execute(db);
  await sql`
    create table mail_unsubscribes (
      organization_id text not null,
      address text not null,
      created_at timestamptz not null,
      primary key (organization_id, address)
    )`.execute(db);
  await sql`
    create table mail_keys (
      name text primary key,
      secret bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists mail_keys`.execute(db);
  await sql`drop table if exists mail_unsubscribes`.execute(db);
  await sql`drop index if exists mail_outbox_to_idx`.execute(db);
  await sql`drop index if exists mail_outbox_queued_idx`.execute(db);
  await sql`drop index if exists mail_outbox_dedupe_idx`.execute(db);
  await sql`
    alter table mail_outbox
      drop constraint if exists mail_outbox_status_check,
      drop column if exists organization_id, drop column if exists kind, drop column if exists from_name, drop column if exists html,
      drop column if exists headers, drop column if exists data, drop column if exists status,
      drop column if exists attempts, drop column if exists last_error, drop column if exists dedupe_key,
      drop column if exists updated_at`.execute(db);
}
