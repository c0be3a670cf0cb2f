import { sql, type Kysely } from "kysely";

/** API keys and webhooks (decisions 078, 079): the read model of both, and the webhook subscriber's own tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_api_keys (
      id text primary key,
      organization_id text not null,
      name text not null,
      prefix text not null,
      permission_ids jsonb not null,
      expires_at timestamptz not null,
      created_by text not null,
      created_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index rm_api_keys_org_idx on rm_api_keys (organization_id, created_at desc)`.execute(db);
  await sql`
    create table rm_webhook_endpoints (
      id text primary key,
      organization_id text not null,
      url text not null,
      description text not null,
      event_types jsonb not null,
      status text not null,
      disabled_reason text,
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_webhook_endpoints_org_idx on rm_webhook_endpoints (organization_id, created_at desc)`.execute(db);
  await sql`
    create table webhook_subscriptions (
      endpoint_id text primary key,
      organization_id text not null,
      url text not null,
      secret text not null,
      event_types jsonb not null,
      active boolean not null,
      failing_since timestamptz
    )`.execute(db);
  await sql`create index webhook_subscriptions_org_idx on webhook_subscriptions (organization_id) where active`.execute(db);
  await sql`
    create table webhook_deliveries (
      id text primary key,
      endpoint_id text not null,
      organization_id text not null,
      event_id text not null,
      event_type text not null,
      stream_id text not null,
      position bigint not null,
      payload text not null,
      status text not null,
      attempts integer not null default 0,
      last_status_code integer,
      last_error text,
      created_at timestamptz not null default now(),
      last_attempt_at timestamptz,
      succeeded_at timestamptz
    )`.execute(db);
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, position desc)`.execute(db);
  await sql`create index webhook_deliveries_pending_idx on webhook_deliveries (position) where status = 'pending'`.execute(db);
  await sql`
    create table webhook_attempts (
      id bigserial primary key,
      delivery_id text not null,
      attempt integer not null,
      at timestamptz not null,
      status_code integer,
      error text,
      duration_ms integer not null,
      response_body text
    )`.execute(db);
  await sql`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id)`.execute(db);
}
