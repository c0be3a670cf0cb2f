import { sql, type Kysely } from "kysely";

/** Points, the store and its orders (modules/points, decision 075). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_point_entries (
      id text primary key,
      organization_id text not null,
      participant_id text not null,
      kind text not null,
      amount integer not null,
      category text,
      reason text not null,
      source_kind text,
      source_id text,
      reverses_id text,
      reversed boolean not null default false,
      actor_id text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_point_entries_member_idx on rm_point_entries (participant_id, created_at desc)`.execute(db);
  await sql`create index rm_point_entries_org_idx on rm_point_entries (organization_id, created_at desc)`.execute(db);
  // the leaderboard over a period: an index-only scan of the period's earned points (awards and reversals)
  await sql`create index rm_point_entries_earned_idx on rm_point_entries (organization_id, created_at) include (participant_id, amount) where kind in ('award', 'reversal')`.execute(db);
  await sql`
    create table rm_point_balances (
      participant_id text primary key,
      organization_id text not null,
      balance integer not null,
      earned integer not null,
      hidden boolean not null default false,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_point_balances_board_idx on rm_point_balances (organization_id, earned desc) where not hidden`.execute(db);
  await sql`
    create table rm_store_items (
      id text primary key,
      organization_id text not null,
      name text not null,
      description text not null,
      picture text,
      price integer not null,
      stock integer not null,
      reserved integer not null default 0,
      per_member_limit integer,
      visible_groups jsonb not null,
      removed boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_store_items_org_idx on rm_store_items (organization_id, created_at desc)`.execute(db);
  await sql`
    create table rm_store_orders (
      id text primary key,
      organization_id text not null,
      participant_id text not null,
      lines jsonb not null,
      total integer not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_store_orders_org_idx on rm_store_orders (organization_id, created_at desc)`.execute(db);
  await sql`create index rm_store_orders_member_idx on rm_store_orders (participant_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rm_store_orders", "rm_store_items", "rm_point_balances", "rm_point_entries"]) await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
