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

/**
 * The members (participant ids) who have a numeric answer to the same item code in both surveys (decision 105),
 * from the pair's rollup (decision 123): its list of members, unless the pair has scores for an item code that is
 * not compared (a question whose type changed between the surveys or versions); then its scores of compared items.
 */
async function pairedMembers(db: Kysely<Tables>, postId: string, items: readonly string[]) {
  const stray = await sql<{ item_code: string }>`
    select item_code from rm_survey_pair_summary where post_id = ${postId} and members > 0 and not (item_code = any(${[...items]}::text[])) limit 1`.execute(db);
  return stray.rows.length === 0
    ? sql`select participant_id from rm_survey_pair_members where post_id = ${postId}`
    : sql`select distinct participant_id from rm_survey_pair_scores where post_id = ${postId} and item_code = any(${[...items]}::text[])`;
}

export type EvaluationMember = { participant_id: string; member_id: string; first_name: string; last_name: string; dob: string; gender: string; email: string };

/** A page (0-based) of the members who answered both surveys, by name, and how many there are. */
export async function evaluationMemberPage<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, postId: string, items: readonly string[], q: { page: number; size: number }): Promise<{ rows: EvaluationMember[]; count: number }> {
  if (items.length === 0) return { rows: [], count: 0 };
  const members = await pairedMembers(tables(db), postId, items);
  const [counted, rows] = await Promise.all([
    sql<{ n: string }>`
      select count(*) as n from (${members}) m join rm_participants p on p.id::text = m.participant_id and p.organization_id = ${organizationId}`.execute(db),
    sql<EvaluationMember>`
      select p.id::text as participant_id, p.member_id, p.first_name, p.last_name, p.dob, p.gender, p.email
      from (${members}) m
      join rm_participants p on p.id::text = m.participant_id and p.organization_id = ${organizationId}
      order by p.last_name, p.first_name, m.participant_id
      limit ${q.size} offset ${q.page * q.size}`.execute(db),
  ]);
  return { rows: rows.rows, count: Number(counted.rows[0]?.n ?? 0) };
}

/** These members' scores in the pair (decision 123): per item code answered in both surveys, the pre and post values. */
export async function evaluationScores<DB extends SurveyTables>(db: Kysely<DB>, postId: string, participantIds: readonly string[]) {
  if (participantIds.length === 0) return [];
  return tables(db)
    .selectFrom("rm_survey_pair_scores")
    .select(["participant_id", "item_code", "pre_value", "post_value"])
    .where("post_id", "=", postId)
    .where("participant_id", "in", [...participantIds])
    .execute();
}

export type EvaluationSummaryRow = { item_code: string; members: number; pre_mean: number; post_mean: number };

/** Per shared item code: how many members answered it in both surveys, and their mean pre and post values (the pair's sums, decision 123). */
export async function evaluationSummary<DB extends SurveyTables>(db: Kysely<DB>, postId: string, items: readonly string[]): Promise<EvaluationSummaryRow[]> {
  if (items.length === 0) return [];
  const rows = await tables(db)
    .selectFrom("rm_survey_pair_summary")
    .select(["item_code", "members", "pre_sum", "post_sum"])
    .where("post_id", "=", postId)
    .where("item_code", "in", [...items])
    .where("members", ">", 0)
    .execute();
  return rows.map((r) => ({ item_code: r.item_code, members: r.members, pre_mean: Number(r.pre_sum) / r.members, post_mean: Number(r.post_sum) / r.members }));
}
