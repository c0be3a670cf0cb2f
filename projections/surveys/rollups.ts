import { sql, type Kysely, type Transaction } from "kysely";
import type { SurveyAnswersSavedData } from "../../modules/surveys";
import type { SurveyTables } from "./tables";

type Db = Kysely<SurveyTables> | Transaction<SurveyTables>;

/** A saved answer's values one by one (a multiple choice's values, any other answer itself), as `e`: the report's counting rule (decision 074). */
export const ANSWER_ELEMENTS = sql`jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else jsonb_build_array(a.value) end)`;

/**
 * The counts per question and answer (decision 123), kept up to date from a saved page BEFORE its response row is
 * merged: the answers it replaces (the response's old values of the page's item codes) count one less, the page's
 * answers (nulls stripped, as the response keeps them) one more. The same SQL rule as the counts were read with.
 */
export async function countSavedAnswers(db: Db, d: SurveyAnswersSavedData): Promise<void> {
  const codes = Object.keys(d.answers);
  if (codes.length === 0) return;
  await sql`
    with changes as (
      select a.key as item_code, e.value #>> '{}' as value, -1 as n
        from rm_survey_responses r cross join lateral jsonb_each(r.answers) a cross join lateral ${ANSWER_ELEMENTS} e
       where r.survey_id = ${d.surveyId} and r.participant_id = ${d.participantId} and a.key = any(${codes}::text[])
      union all
      select a.key, e.value #>> '{}', 1
        from jsonb_each(jsonb_strip_nulls(${JSON.stringify(d.answers)}::jsonb)) a cross join lateral ${ANSWER_ELEMENTS} e
    )
    insert into rm_survey_answer_counts (survey_id, item_code, value, n)
    select ${d.surveyId}, item_code, value, sum(n) from changes where value is not null group by item_code, value having sum(n) <> 0
    on conflict (survey_id, item_code, value) do update set n = rm_survey_answer_counts.n + excluded.n`.execute(db);
}

/** The pairs (pre, post) a survey is in, as the post survey or as the pre survey (decision 105). */
async function pairsOf(db: Db, surveyId: string) {
  const rows = await sql<{ pre_id: string; post_id: string }>`
    select pairs_with as pre_id, id as post_id from rm_surveys where (id = ${surveyId} and pairs_with is not null) or pairs_with = ${surveyId}`.execute(db);
  return rows.rows;
}

/**
 * A member's pre/post scores in every pair the survey is in (decision 123), recomputed from the numeric answers
 * after a saved page: the member's old scores leave the pair's sums, the new ones (each item code with a value in
 * both surveys) join them, and the member is listed in the pair while they have one.
 */
export async function scoreSavedAnswers(db: Db, d: SurveyAnswersSavedData): Promise<void> {
  for (const { pre_id: preId, post_id: postId } of await pairsOf(db, d.surveyId)) {
    await sql`
      with gone as (delete from rm_survey_pair_scores where post_id = ${postId} and participant_id = ${d.participantId} returning item_code, pre_value, post_value)
      update rm_survey_pair_summary s set members = s.members - 1, pre_sum = s.pre_sum - g.pre_value::numeric, post_sum = s.post_sum - g.post_value::numeric
        from gone g where s.post_id = ${postId} and s.item_code = g.item_code`.execute(db);
    await sql`
      with added as (
        insert into rm_survey_pair_scores (post_id, participant_id, item_code, pre_id, pre_value, post_value)
        select ${postId}, a.participant_id, a.item_code, ${preId}, a.value, b.value
          from rm_survey_answer_values a
          join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
         where a.survey_id = ${preId} and a.participant_id = ${d.participantId}
        returning item_code, pre_value, post_value)
      insert into rm_survey_pair_summary (post_id, item_code, members, pre_sum, post_sum)
      select ${postId}, item_code, 1, pre_value::numeric, post_value::numeric from added
      on conflict (post_id, item_code) do update set members = rm_survey_pair_summary.members + 1, pre_sum = rm_survey_pair_summary.pre_sum + excluded.pre_sum, post_sum = rm_survey_pair_summary.post_sum + excluded.post_sum`.execute(db);
    await sql`delete from rm_survey_pair_members where post_id = ${postId} and participant_id = ${d.participantId}`.execute(db);
    await sql`
      insert into rm_survey_pair_members (post_id, participant_id)
      select ${postId}, ${d.participantId} where exists (select 1 from rm_survey_pair_scores where post_id = ${postId} and participant_id = ${d.participantId})`.execute(db);
  }
}

/** A post survey paired (or unpaired): its pair's scores, members and sums are recomputed from the numeric answers (decision 123). */
export async function scorePair(db: Db, postId: string, preId: string | null): Promise<void> {
  await sql`delete from rm_survey_pair_scores where post_id = ${postId}`.execute(db);
  await sql`delete from rm_survey_pair_members where post_id = ${postId}`.execute(db);
  await sql`delete from rm_survey_pair_summary where post_id = ${postId}`.execute(db);
  if (!preId) return;
  await sql`
    insert into rm_survey_pair_scores (post_id, participant_id, item_code, pre_id, pre_value, post_value)
    select ${postId}, a.participant_id, a.item_code, ${preId}, a.value, b.value
      from rm_survey_answer_values a
      join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
     where a.survey_id = ${preId}`.execute(db);
  await sql`insert into rm_survey_pair_members (post_id, participant_id) select distinct post_id, participant_id from rm_survey_pair_scores where post_id = ${postId}`.execute(db);
  await sql`
    insert into rm_survey_pair_summary (post_id, item_code, members, pre_sum, post_sum)
    select post_id, item_code, count(*), sum(pre_value::numeric), sum(post_value::numeric) from rm_survey_pair_scores where post_id = ${postId} group by post_id, item_code`.execute(db);
}

/** Fills the rollups of decision 123 from the responses and numeric answers already projected (migration 3201; the benchmark's seed). */
export async function fillSurveyRollups<DB>(db: Kysely<DB>): Promise<void> {
  await sql`
    insert into rm_survey_answer_counts (survey_id, item_code, value, n)
    select r.survey_id, a.key, e.value #>> '{}', count(*)
    from rm_survey_responses r
    cross join lateral jsonb_each(r.answers) a
    cross join lateral ${ANSWER_ELEMENTS} e
    where e.value #>> '{}' is not null
    group by r.survey_id, a.key, e.value #>> '{}'`.execute(db);
  await sql`
    insert into rm_survey_pair_scores (post_id, participant_id, item_code, pre_id, pre_value, post_value)
    select s.id, a.participant_id, a.item_code, s.pairs_with, a.value, b.value
    from rm_surveys s
    join rm_survey_answer_values a on a.survey_id = s.pairs_with
    join rm_survey_answer_values b on b.survey_id = s.id and b.participant_id = a.participant_id and b.item_code = a.item_code
    where s.pairs_with is not null`.execute(db);
  await sql`insert into rm_survey_pair_members (post_id, participant_id) select distinct post_id, participant_id from rm_survey_pair_scores`.execute(db);
  await sql`
    insert into rm_survey_pair_summary (post_id, item_code, members, pre_sum, post_sum)
    select post_id, item_code, count(*), sum(pre_value::numeric), sum(post_value::numeric) from rm_survey_pair_scores group by post_id, item_code`.execute(db);
}
