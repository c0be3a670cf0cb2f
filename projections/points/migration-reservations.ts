import { sql, type Kysely } from "kysely";

/**
 * Decision 086: the units a checkout reserved for an order not placed yet, so that a checkout that died half way
 * is found and its units released. A row goes when its units are released or its order is placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_store_reservations (
      order_id text not null,
      item_id text not null,
      organization_id text not null,
      participant_id text not null,
      quantity integer not null,
      reserved_at timestamptz not null,
      primary key (order_id, item_id)
    )`.execute(db);
  await sql`create index rm_store_reservations_at_idx on rm_store_reservations (reserved_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_store_reservations`.execute(db);
}
