import { sql, type Kysely } from "kysely";

/** The board: one row per visit (check-in, and its check-out when it comes). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_check_ins (
      id uuid primary key,
      organization_id uuid not null,
      participant_id uuid not null,
      member_id text not null,
      first_name text not null,
      last_name text not null,
      full_name text not null,
      check_in_time timestamptz not null,
      check_out_time timestamptz,
      pick_up_name text,
      pick_up_contact_number text,
      pick_up_relationship text,
      source text not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_check_ins_org_time_idx on rm_check_ins (organization_id, check_in_time desc)`.execute(db);
  await sql`create index rm_check_ins_participant_idx on rm_check_ins (participant_id, check_in_time desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_check_ins`.execute(db);
}
