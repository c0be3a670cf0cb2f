import { sql, type Kysely } from "kysely";

/**
 * The pre/post evaluation (decision 105): which survey a post survey pairs with, and the rollup of the numeric
 * answers (rating, number, a single choice whose value is a number), one row per response and item code, that
 * the evaluation reads instead of the responses' JSON. The rollup is filled from the responses already projected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_surveys add column pairs_with text`.execute(db);
  await sql`create index rm_surveys_pairs_with_idx on rm_surveys (pairs_with) where pairs_with is not null`.execute(db);
  await sql`
    create table rm_survey_answer_values (
      survey_id text not null,
      participant_id text not null,
      item_code text not null,
      organization_id text not null,
      value double precision not null,
      primary key (survey_id, participant_id, item_code) include (value)
    )`.execute(db);
  await sql`
    insert into rm_survey_answer_values (survey_id, participant_id, item_code, organization_id, value)
    select r.survey_id, r.participant_id, a.key, r.organization_id, (a.value #>> '{}')::double precision
    from rm_survey_responses r
    join rm_survey_versions v on v.survey_id = r.survey_id and v.version = r.version
    cross join lateral jsonb_each(r.answers) a
    cross join lateral (
      select e ->> 'type' as type from jsonb_array_elements(v.pages) p cross join lateral jsonb_array_elements(p -> 'elements') e where e ->> 'item_code' = a.key limit 1
    ) q
    where (q.type in ('rating', 'number') and jsonb_typeof(a.value) = 'number')
       or (q.type = 'single_choice' and jsonb_typeof(a.value) = 'string' and (a.value #>> '{}') ~ '^-?[0-9]+(\\.[0-9]+)?$')
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_survey_answer_values`.execute(db);
  await sql`alter table rm_surveys drop column if exists pairs_with`.execute(db);
}
