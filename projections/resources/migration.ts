import { sql, type Kysely } from "kysely";

/** Resources (modules/resources, decision 101): one row per resource, its download count kept by the projector. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_resources (
      id text primary key,
      organization_id text not null,
      title text not null,
      description text not null,
      kind text not null,
      url text,
      file_path text,
      file_name text,
      content_type text,
      bytes integer,
      visibility text not null,
      group_ids jsonb not null,
      archived boolean not null default false,
      downloads integer not null default 0,
      last_opened_at timestamptz,
      created_by text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_resources_org_idx on rm_resources (organization_id, archived, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_resources`.execute(db);
}
