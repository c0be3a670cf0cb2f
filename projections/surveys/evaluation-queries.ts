import { sql, type Kysely } from "kysely";
import type { ParticipantTables } from "../participants";
import type { SurveyTables } from "./tables";

type Tables = SurveyTables & ParticipantTables;
const tables = <DB extends SurveyTables>(db: Kysely<DB>) => db as unknown as Kysely<Tables>;

/** A pairing's facts (decision 105): a survey of the organization by id, its name and pre survey, and the survey that names it as its pre. */
export async function pairingFacts<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, id: string) {
  const t = tables(db);
  const row = await t.selectFrom("rm_surveys").select(["id", "name", "pairs_with"]).where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  const post = await t.selectFrom("rm_surveys").select(["id", "name"]).where("organization_id", "=", organizationId).where("pairs_with", "=", id).orderBy("created_at").executeTakeFirst();
  return { survey: row ?? null, postOf: post ?? null };
}

/** The members (participant ids) who have a numeric answer to the same item code in both surveys (decision 105). */
const pairedMembers = (preId: string, postId: string, items: readonly string[]) => sql`
  select r.participant_id from rm_survey_responses r
  join rm_survey_responses o on o.survey_id = ${postId} and o.participant_id = r.participant_id
  where r.survey_id = ${preId} and exists (
    select 1 from rm_survey_answer_values a join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
    where a.survey_id = ${preId} and a.participant_id = r.participant_id and a.item_code = any(${[...items]}::text[]))`;

export type EvaluationMember = { participant_id: string; member_id: string; first_name: string; last_name: string; dob: string; gender: string; email: string };

/** A page (0-based) of the members who answered both surveys, by name, and how many there are. */
export async function evaluationMemberPage<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, preId: string, postId: string, items: readonly string[], q: { page: number; size: number }): Promise<{ rows: EvaluationMember[]; count: number }> {
  if (items.length === 0) return { rows: [], count: 0 };
  const counted = await sql<{ n: string }>`
    select count(*) as n from (${pairedMembers(preId, postId, items)}) m join rm_participants p on p.id::text = m.participant_id and p.organization_id = ${organizationId}`.execute(db);
  const rows = await sql<EvaluationMember>`
    select p.id::text as participant_id, p.member_id, p.first_name, p.last_name, p.dob, p.gender, p.email
    from (${pairedMembers(preId, postId, items)}) m
    join rm_participants p on p.id::text = m.participant_id and p.organization_id = ${organizationId}
    order by p.last_name, p.first_name, m.participant_id
    limit ${q.size} offset ${q.page * q.size}`.execute(db);
  return { rows: rows.rows, count: Number(counted.rows[0]?.n ?? 0) };
}

/** The numeric answers of these members to both surveys: survey, member, item code, value. */
export async function evaluationValues<DB extends SurveyTables>(db: Kysely<DB>, surveyIds: readonly string[], participantIds: readonly string[]) {
  if (participantIds.length === 0) return [];
  return tables(db)
    .selectFrom("rm_survey_answer_values")
    .select(["survey_id", "participant_id", "item_code", "value"])
    .where("survey_id", "in", [...surveyIds])
    .where("participant_id", "in", [...participantIds])
    .execute();
}

export type EvaluationSummaryRow = { item_code: string; members: number; pre_mean: number; post_mean: number };

/** Per shared item code: how many members answered it in both surveys, and their mean pre and post values. */
export async function evaluationSummary<DB extends SurveyTables>(db: Kysely<DB>, preId: string, postId: string, items: readonly string[]): Promise<EvaluationSummaryRow[]> {
  if (items.length === 0) return [];
  const rows = await sql<{ item_code: string; members: string; pre_mean: number; post_mean: number }>`
    select a.item_code, count(*) as members, avg(a.value) as pre_mean, avg(b.value) as post_mean
    from rm_survey_answer_values a
    join rm_survey_answer_values b on b.survey_id = ${postId} and b.participant_id = a.participant_id and b.item_code = a.item_code
    where a.survey_id = ${preId} and a.item_code = any(${[...items]}::text[])
    group by a.item_code`.execute(db);
  return rows.rows.map((r) => ({ item_code: r.item_code, members: Number(r.members), pre_mean: Number(r.pre_mean), post_mean: Number(r.post_mean) }));
}
