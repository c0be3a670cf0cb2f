import { sql, type Kysely } from "kysely";
import { fillSurveyRollups } from "./rollups";

/**
 * The survey rollups (decision 123): the counts per question and answer that the report's chart reads, and per
 * pre/post pair the members' scores per item, the members who have one, and the sums per item that the
 * evaluation's summary reads. Filled here from the rows already projected, so an existing database needs no rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_survey_answer_counts (
      survey_id text not null,
      item_code text not null,
      value text not null,
      n integer not null,
      primary key (survey_id, item_code, value)
    )`.execute(db);
  await sql`
    create table rm_survey_pair_scores (
      post_id text not null,
      participant_id text not null,
      item_code text not null,
      pre_id text not null,
      pre_value double precision not null,
      post_value double precision not null,
      primary key (post_id, participant_id, item_code)
    )`.execute(db);
  await sql`
    create table rm_survey_pair_members (
      post_id text not null,
      participant_id text not null,
      primary key (post_id, participant_id)
    )`.execute(db);
  await sql`
    create table rm_survey_pair_summary (
      post_id text not null,
      item_code text not null,
      members integer not null,
      pre_sum numeric not null,
      post_sum numeric not null,
      primary key (post_id, item_code)
    )`.execute(db);
  await fillSurveyRollups(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_survey_pair_summary`.execute(db);
  await sql`drop table if exists rm_survey_pair_members`.execute(db);
  await sql`drop table if exists rm_survey_pair_scores`.execute(db);
  await sql`drop table if exists rm_survey_answer_counts`.execute(db);
}
