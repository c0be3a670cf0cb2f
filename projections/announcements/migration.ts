import { sql, type Kysely } from "kysely";

/**
 * 2201 (decision 088): announcements as staff see them on /communications (a read model of their streams), and
 * their deliveries: one row per recipient and channel (plumbing like the mail outbox, not events), its primary
 * key the idempotency of a send: a fan-out run twice, or a worker killed mid-send, never makes a second row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_announcements (
      id text primary key,
      organization_id text not null,
      author_id text not null,
      kind text not null,
      subject text not null,
      body text not null,
      audience jsonb not null,
      channels text[] not null,
      status text not null,
      send_at timestamptz,
      sent_at timestamptz,
      recipient_count integer,
      delivery_count integer,
      retract_reason text,
      retracted_by text,
      retracted_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_announcements_org_idx on rm_announcements (organization_id, updated_at desc, id)`.execute(db);
  await sql`
    create table comm_deliveries (
      announcement_id text not null,
      user_id text not null,
      channel text not null,
      organization_id text not null,
      address text,
      status text not null default 'queued',
      attempts integer not null default 0,
      last_error text,
      ref text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (announcement_id, channel, user_id),
      constraint comm_deliveries_status_check check (status in ('queued', 'sent', 'delivered', 'failed', 'skipped', 'cancelled'))
    )`.execute(db);
  await sql`create index comm_deliveries_queued_idx on comm_deliveries (created_at) where status = 'queued'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists comm_deliveries`.execute(db);
  await sql`drop table if exists rm_announcements`.execute(db);
}
