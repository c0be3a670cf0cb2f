import { sql, type Kysely } from "kysely";

/**
 * The built-in dashboards' read models (decision 093): rollups per organization, local day, metric and the
 * filters' dimensions (program, user group, age band, gender), the members' months, and the dimensions the
 * projection keeps for itself (who is in which program, group, age band, gender; each organization's zone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_report_counts (
      organization_id text not null,
      metric text not null,
      program_id text not null,
      day date not null,
      hour smallint not null,
      group_id text not null,
      age_band text not null,
      gender text not null,
      n bigint not null,
      -- n carried in the key's index: a dashboard's read is an index-only range scan of (metric, program, days)
      primary key (organization_id, metric, program_id, day, hour, group_id, age_band, gender) include (n)
    )`.execute(db);
  await sql`
    create table rm_report_member_months (
      participant_id text not null,
      month date not null,
      organization_id text not null,
      group_id text not null,
      age_band text not null,
      gender text not null,
      program_ids text[] not null,
      is_first boolean not null,
      continued boolean not null default false,
      primary key (participant_id, month)
    )`.execute(db);
  await sql`create index rm_report_member_months_org_idx on rm_report_member_months (organization_id, month) include (participant_id, group_id, age_band, gender, is_first, continued, program_ids)`.execute(db);
  await sql`
    create table rm_report_members (
      participant_id text primary key,
      organization_id text not null,
      gender text not null,
      dob text not null,
      user_id text,
      program_ids text[] not null,
      first_month date,
      last_day date
    )`.execute(db);
  await sql`create table rm_report_users (user_id text primary key, group_id text not null)`.execute(db);
  await sql`create table rm_report_orgs (organization_id text primary key, time_zone text not null)`.execute(db);
  await sql`
    create table rm_report_marks (
      program_id text not null,
      session_date text not null,
      start_time text not null,
      participant_id text not null,
      status text not null,
      primary key (program_id, session_date, start_time, participant_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rm_report_marks", "rm_report_orgs", "rm_report_users", "rm_report_members", "rm_report_member_months", "rm_report_counts"]) await sql`drop table if exists ${sql.raw(table)}`.execute(db);
}
