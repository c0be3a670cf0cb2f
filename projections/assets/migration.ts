import { sql, type Kysely } from "kysely";

/** The registered assets (a participant's photo_url, a survey's photo): one row per entity and property. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_assets (
      organization_id text not null,
      entity text not null,
      entity_id text not null,
      property text not null,
      value text not null,
      updated_by text,
      updated_at timestamptz not null,
      primary key (organization_id, entity, entity_id, property)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_assets`.execute(db);
}
