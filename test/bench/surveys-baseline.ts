/**
 * The baseline of `npm run bench:surveys` (decision 123): the survey reads as they were before the rollups, measured
 * in the same run. The report's counts unpacked every response's answers; the evaluation found its members, their
 * values and the summary per item by joining the pair's numeric answers (rm_survey_answer_values) on each request.
 */
import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../../projections";

/** The report's counts per question and answer, from the responses' JSON (decision 074's query). */
export const countsFromAnswers = (db: Kysely<ReadModels>, surveyId: string) =>
  sql`
    select a.key as item_code, e.value #>> '{}' as value, count(*) as n
    from rm_survey_responses r
    cross join lateral jsonb_each(r.answers) a
    cross join lateral jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else jsonb_build_array(a.value) end) e
    where r.survey_id = ${surveyId}
    group by a.key, e.value #>> '{}'`.execute(db);

const pairedMembers = (preId: string, postId: string, items: readonly string[]) => sql`
  select r.participant_id from rm_survey_responses r
  join rm_survey_responses o on o.survey_id = ${postId} and o.participant_id = r.participant_id
  where r.survey_id = ${preId} and exists (
    select 1 from rm_survey_answer_values a join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
    where a.survey_id = ${preId} and a.participant_id = r.participant_id and a.item_code = any(${[...items]}::text[]))`;

/** The evaluation page's reads before decision 123: the members' count and page, their values, the summary per item. */
export async function evaluationFromValues(db: Kysely<ReadModels>, organizationId: string, preId: string, postId: string, items: readonly string[], q: { page: number; size: number }) {
  const summary = sql`
    select a.item_code, count(*) as members, avg(a.value) as pre_mean, avg(b.value) as post_mean
    from rm_survey_answer_values a
    join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
    where a.survey_id = ${preId} and a.item_code = any(${[...items]}::text[])
    group by a.item_code`.execute(db);
  const page = (async () => {
    await sql`select count(*) as n from (${pairedMembers(preId, postId, items)}) m join rm_participants p on p.id::text = m.participant_id and p.organization_id = ${organizationId}`.execute(db);
    const rows = await sql<{ participant_id: string }>`
      select p.id::text as participant_id, p.member_id, p.first_name, p.last_name, p.dob, p.gender, p.email
      from (${pairedMembers(preId, postId, items)}) m
      join rm_participants p on p.id::text = m.participant_id and p.organization_id = ${organizationId}
      order by p.last_name, p.first_name, m.participant_id
      limit ${q.size} offset ${q.page * q.size}`.execute(db);
    const ids = rows.rows.map((r) => r.participant_id);
    if (ids.length) await sql`select survey_id, participant_id, item_code, value from rm_survey_answer_values where survey_id in (${preId}, ${postId}) and participant_id = any(${ids}::text[])`.execute(db);
  })();
  await Promise.all([summary, page]);
}
