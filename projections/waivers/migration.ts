import { sql, type Kysely } from "kysely";

/** Signed waivers, for /view-waiver (the token hashes stay in the streams). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_waivers (
      participant_id uuid primary key,
      signed_by_name text not null,
      signed_at timestamptz not null,
      ip text not null,
      waiver_version text,
      signed_by_user_id text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_waivers`.execute(db);
}
