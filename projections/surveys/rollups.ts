import { sql, type Kysely, type Transaction } from "kysely";
import type { SurveyAnswersSavedData } from "../../modules/surveys";
import type { SurveyTables } from "./tables";

type Db = Kysely<SurveyTables> | Transaction<SurveyTables>;

/** A saved answer's values one by one (a multiple choice's values, any other answer itself), as `e`: the report's counting rule (decision 074). */
export const ANSWER_ELEMENTS = sql`jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else jsonb_build_array(a.value) end)`;

/**
 * The changes to the counts and the pairs' sums that a batch of events makes, written once at its end (decision
 * 123): written event by event, the same few rows were updated hundreds of times in the batch's transaction, and
 * each update walked the chain of the versions before it (about 3.5 ms a saved page instead of 1).
 */
export class RollupChanges {
  private counts: { survey: string[]; code: string[]; value: string[]; n: number[] } = { survey: [], code: [], value: [], n: [] };
  private sums: { post: string[]; code: string[]; sign: number[]; pre: number[]; postValue: number[] } = { post: [], code: [], sign: [], pre: [], postValue: [] };

  count(surveyId: string, rows: readonly { item_code: string; value: string; n: number }[]) {
    for (const r of rows) {
      this.counts.survey.push(surveyId);
      this.counts.code.push(r.item_code);
      this.counts.value.push(r.value);
      this.counts.n.push(r.n);
    }
  }

  score(postId: string, sign: 1 | -1, rows: readonly { item_code: string; pre_value: number; post_value: number }[]) {
    for (const r of rows) {
      this.sums.post.push(postId);
      this.sums.code.push(r.item_code);
      this.sums.sign.push(sign);
      this.sums.pre.push(r.pre_value);
      this.sums.postValue.push(r.post_value);
    }
  }

  private pairs = new Map<string, { pre_id: string; post_id: string }[]>();

  /** The pairs (pre, post) a survey is in, as the post survey or as the pre survey (decision 105); read once a batch, until a pairing. */
  async pairsOf(db: Db, surveyId: string) {
    let found = this.pairs.get(surveyId);
    if (!found) {
      const rows = await sql<{ pre_id: string; post_id: string }>`
        select pairs_with as pre_id, id as post_id from rm_surveys where (id = ${surveyId} and pairs_with is not null) or pairs_with = ${surveyId}`.execute(db);
      found = rows.rows;
      this.pairs.set(surveyId, found);
    }
    return found;
  }

  /** Writes the changes gathered so far (each count and sum once) and forgets them, and the pairs read. */
  async flush(db: Db): Promise<void> {
    const { counts, sums } = this;
    this.pairs.clear();
    this.counts = { survey: [], code: [], value: [], n: [] };
    this.sums = { post: [], code: [], sign: [], pre: [], postValue: [] };
    if (counts.n.length) {
      await sql`
        insert into rm_survey_answer_counts (survey_id, item_code, value, n)
        select survey_id, item_code, value, sum(n) from unnest(${counts.survey}::text[], ${counts.code}::text[], ${counts.value}::text[], ${counts.n}::int[]) as d(survey_id, item_code, value, n)
         group by survey_id, item_code, value having sum(n) <> 0
        on conflict (survey_id, item_code, value) do update set n = rm_survey_answer_counts.n + excluded.n`.execute(db);
    }
    if (sums.sign.length) {
      await sql`
        insert into rm_survey_pair_summary (post_id, item_code, members, pre_sum, post_sum)
        select post_id, item_code, sum(sign), sum(sign * pre_value::numeric), sum(sign * post_value::numeric)
          from unnest(${sums.post}::text[], ${sums.code}::text[], ${sums.sign}::int[], ${sums.pre}::float8[], ${sums.postValue}::float8[]) as d(post_id, item_code, sign, pre_value, post_value)
         group by post_id, item_code
        on conflict (post_id, item_code) do update set members = rm_survey_pair_summary.members + excluded.members, pre_sum = rm_survey_pair_summary.pre_sum + excluded.pre_sum, post_sum = rm_survey_pair_summary.post_sum + excluded.post_sum`.execute(db);
    }
  }
}

/**
 * The counts per question and answer (decision 123), from a saved page BEFORE its response row is merged: the
 * answers it replaces (the response's old values of the page's item codes) count one less, the page's answers
 * (nulls stripped, as the response keeps them) one more. The same SQL rule as the counts were read with.
 */
export async function countSavedAnswers(db: Db, changes: RollupChanges, d: SurveyAnswersSavedData): Promise<void> {
  const codes = Object.keys(d.answers);
  if (codes.length === 0) return;
  const rows = await sql<{ item_code: string; value: string; n: number }>`
    with changes as (
      select a.key as item_code, e.value #>> '{}' as value, -1 as n
        from rm_survey_responses r cross join lateral jsonb_each(r.answers) a cross join lateral ${ANSWER_ELEMENTS} e
       where r.survey_id = ${d.surveyId} and r.participant_id = ${d.participantId} and a.key = any(${codes}::text[])
      union all
      select a.key, e.value #>> '{}', 1
        from jsonb_each(jsonb_strip_nulls(${JSON.stringify(d.answers)}::jsonb)) a cross join lateral ${ANSWER_ELEMENTS} e
    )
    select item_code, value, sum(n)::int as n from changes where value is not null group by item_code, value having sum(n) <> 0`.execute(db);
  changes.count(d.surveyId, rows.rows);
}

/**
 * A member's pre/post scores in every pair the survey is in (decision 123), recomputed from the numeric answers
 * after a saved page: the member's old scores leave the pair's sums, the new ones (each item code with a value in
 * both surveys) join them, and the member is listed in the pair while they have one.
 */
export async function scoreSavedAnswers(db: Db, changes: RollupChanges, d: SurveyAnswersSavedData): Promise<void> {
  type Score = { item_code: string; pre_value: number; post_value: number };
  for (const { pre_id: preId, post_id: postId } of await changes.pairsOf(db, d.surveyId)) {
    const gone = await sql<Score>`delete from rm_survey_pair_scores where post_id = ${postId} and participant_id = ${d.participantId} returning item_code, pre_value, post_value`.execute(db);
    changes.score(postId, -1, gone.rows);
    const added = await sql<Score>`
      insert into rm_survey_pair_scores (post_id, participant_id, item_code, pre_id, pre_value, post_value)
      select ${postId}, a.participant_id, a.item_code, ${preId}, a.value, b.value
        from rm_survey_answer_values a
        join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
       where a.survey_id = ${preId} and a.participant_id = ${d.participantId}
      returning item_code, pre_value, post_value`.execute(db);
    changes.score(postId, 1, added.rows);
    // listed while they have a score: newly scored, listed; no longer scored, unlisted
    if (added.rows.length > 0 && gone.rows.length === 0) await sql`insert into rm_survey_pair_members (post_id, participant_id) values (${postId}, ${d.participantId}) on conflict do nothing`.execute(db);
    if (added.rows.length === 0 && gone.rows.length > 0) await sql`delete from rm_survey_pair_members where post_id = ${postId} and participant_id = ${d.participantId}`.execute(db);
  }
}

/** A post survey paired (or unpaired): its pair's scores, members and sums are recomputed from the numeric answers (decision 123); flush the batch's changes first. */
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
