import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_organizations (
      id text primary key,
      name text not null,
      type text not null,
      settings jsonb not null,
      main_color text not null,
      revision bigint not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_organizations_name_idx on rm_organizations (lower(name), id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_organizations`.execute(db);
}
