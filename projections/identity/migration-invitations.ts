import { sql, type Kysely } from "kysely";

/**
 * Invitations (decision 063): one row per invited user (the live invitation: only the token's SHA-256),
 * and on rm_users the live invitation's expiry, so the user list can say Expired without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_invitations (
    user_id uuid primary key,
    organization_id uuid not null,
    kind text not null,
    status text not null,
    token_hash text,
    expires_at timestamptz,
    sent_at timestamptz not null,
    sent_by uuid,
    sent_count integer not null default 1,
    renewal_requested_at timestamptz,
    accepted_at timestamptz,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index rm_invitations_org_sent_idx on rm_invitations (organization_id, sent_at desc)`.execute(db);
  await sql`alter table rm_users add column invitation_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_users drop column if exists invitation_expires_at`.execute(db);
  await sql`drop table if exists rm_invitations`.execute(db);
}
