import { sql, type Kysely } from "kysely";

/** One row per projection: its checkpoint, moved by compare-and-set in the read-model transaction. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_checkpoints (
      name text primary key,
      position bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists projection_checkpoints`.execute(db);
}
