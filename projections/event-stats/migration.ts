import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_event_type_counts (
      type text primary key,
      count bigint not null,
      last_position bigint not null
    )`.execute(db);
  await sql`
    create table rm_stream_summaries (
      stream_id text primary key,
      category text not null,
      organization_id text,
      revision bigint not null,
      last_type text not null,
      last_position bigint not null,
      last_occurred_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_stream_summaries_org_idx on rm_stream_summaries (organization_id, category)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_stream_summaries`.execute(db);
  await sql`drop table if exists rm_event_type_counts`.execute(db);
}
