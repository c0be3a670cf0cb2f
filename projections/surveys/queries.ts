import { sql, type Kysely } from "kysely";
import type { AnswerValue, SurveyPage, SurveyStatus } from "../../modules/surveys";
import type { ParticipantTables } from "../participants";
import type { SurveyTables } from "./tables";

type Tables = SurveyTables & ParticipantTables;
const tables = <DB extends SurveyTables>(db: Kysely<DB>) => db as unknown as Kysely<Tables>;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A survey as the summary list answers it (spec-2 section 3: id, name, age_min, age_max, genders, start_date, end_date, completions, partial_completions). */
export type SurveySummaryRow = {
  id: string;
  name: string;
  description: string;
  status: SurveyStatus;
  version: number;
  age_min: number | null;
  age_max: number | null;
  genders: string[];
  start_date: string | null;
  end_date: string | null;
  completions: number;
  partial_completions: number;
  created_date: string;
  /** the pre survey this one is the post survey of (decision 105), or null */
  pairs_with: string | null;
  /** decision 111: the audience's user groups and programs, the points for completion, the picture's stored path */
  group_ids: string[];
  program_ids: string[];
  points: number;
  image: string | null;
  /** decision 117: parents answer for their children under this age; null: members answer for themselves only */
  parents_answer_under: number | null;
};

const summaryBase = (db: Kysely<Tables>, organizationId: string) =>
  db
    .selectFrom("rm_surveys as s")
    .select([
      "s.id",
      "s.name",
      "s.description",
      "s.status",
      "s.version",
      "s.age_min",
      "s.age_max",
      "s.genders",
      "s.start_date",
      "s.end_date",
      "s.created_at",
      "s.pairs_with",
      "s.group_ids",
      "s.program_ids",
      "s.points",
      "s.image",
      "s.parents_answer_under",
      sql<string>`(select count(*) from rm_survey_responses r where r.survey_id = s.id and r.completed)`.as("completions"),
      sql<string>`(select count(*) from rm_survey_responses r where r.survey_id = s.id and not r.completed)`.as("partial_completions"),
    ])
    .where("s.organization_id", "=", organizationId);
type SummaryRaw = Awaited<ReturnType<ReturnType<typeof summaryBase>["execute"]>>[number];
const toSummary = (r: SummaryRaw): SurveySummaryRow => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status,
  version: r.version,
  age_min: r.age_min,
  age_max: r.age_max,
  genders: r.genders,
  start_date: r.start_date,
  end_date: r.end_date,
  completions: Number(r.completions),
  partial_completions: Number(r.partial_completions),
  created_date: iso(r.created_at)!,
  pairs_with: r.pairs_with,
  group_ids: r.group_ids,
  program_ids: r.program_ids,
  points: r.points,
  image: r.image,
  parents_answer_under: r.parents_answer_under,
});

/** A page (0-based) of the organization's surveys with their completion counts, newest first. */
export async function surveySummaryPage<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, q: { page: number; size: number }) {
  const t = tables(db);
  const counted = await t.selectFrom("rm_surveys").select((eb) => eb.fn.countAll<string>().as("n")).where("organization_id", "=", organizationId).executeTakeFirst();
  const rows = await summaryBase(t, organizationId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id")
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return { rows: rows.map(toSummary), count: Number(counted?.n ?? 0) };
}

/** One survey of the organization with its current version's pages, or undefined. */
export async function surveyById<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, id: string): Promise<(SurveySummaryRow & { pages: SurveyPage[] }) | undefined> {
  const t = tables(db);
  const row = await summaryBase(t, organizationId).where("s.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const version = await t.selectFrom("rm_survey_versions").select("pages").where("survey_id", "=", id).where("version", "=", row.version).executeTakeFirst();
  return { ...toSummary(row), pages: version?.pages ?? [] };
}

/** Every version's pages of a survey, by version number. */
export async function surveyVersions<DB extends SurveyTables>(db: Kysely<DB>, surveyId: string): Promise<Record<number, SurveyPage[]>> {
  const rows = await tables(db).selectFrom("rm_survey_versions").select(["version", "pages"]).where("survey_id", "=", surveyId).execute();
  return Object.fromEntries(rows.map((r) => [r.version, r.pages]));
}

/** Whether anyone has saved an answer to the survey. */
export async function surveyHasAnswers<DB extends SurveyTables>(db: Kysely<DB>, surveyId: string): Promise<boolean> {
  const row = await tables(db).selectFrom("rm_survey_responses").select("survey_id").where("survey_id", "=", surveyId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export type SurveyResponseRow = { survey_id: string; participant_id: string; version: number; answers: Record<string, AnswerValue>; last_page: number; completed: boolean; completed_date: string | null; updated_date: string };

/** These participants' responses to the organization's published and closed surveys (the open list and the answering page). */
export async function responsesOf<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, participantIds: readonly string[]): Promise<SurveyResponseRow[]> {
  if (participantIds.length === 0) return [];
  const rows = await tables(db).selectFrom("rm_survey_responses").selectAll().where("organization_id", "=", organizationId).where("participant_id", "in", [...participantIds]).execute();
  return rows.map((r) => ({ survey_id: r.survey_id, participant_id: r.participant_id, version: r.version, answers: r.answers, last_page: r.last_page, completed: r.completed, completed_date: iso(r.completed_at), updated_date: iso(r.updated_at)! }));
}

/** The organization's published surveys (a member's open list is these, narrowed by audience). */
export async function publishedSurveys<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string): Promise<SurveySummaryRow[]> {
  const rows = await summaryBase(tables(db), organizationId).where("s.status", "=", "Published").orderBy("s.created_at", "desc").execute();
  return rows.map(toSummary);
}

export type SurveyReportParticipant = {
  participant_id: string;
  member_id: string;
  first_name: string;
  last_name: string;
  dob: string;
  gender: string;
  email: string;
  version: number;
  answers: Record<string, AnswerValue>;
  completed: boolean;
  completed_date: string | null;
};

/** A page (0-based) of the members who answered the survey, completed first (newest), then the partial ones. */
export async function surveyReportPage<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, surveyId: string, q: { page: number; size: number }): Promise<{ rows: SurveyReportParticipant[]; count: number }> {
  const t = tables(db);
  const base = t
    .selectFrom("rm_survey_responses as r")
    .innerJoin("rm_participants as p", (j) => j.on(sql<boolean>`p.id::text = r.participant_id`))
    .where("r.survey_id", "=", surveyId)
    .where("r.organization_id", "=", organizationId);
  const counted = await base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
  const rows = await base
    .select(["r.participant_id", "p.member_id", "p.first_name", "p.last_name", "p.dob", "p.gender", "p.email", "r.version", "r.answers", "r.completed", "r.completed_at"])
    .orderBy("r.completed", "desc")
    .orderBy(sql`r.completed_at desc nulls last`)
    .orderBy("p.last_name")
    .orderBy("r.participant_id")
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return {
    count: Number(counted?.n ?? 0),
    rows: rows.map(({ completed_at, ...r }) => ({ ...r, completed_date: iso(completed_at) })),
  };
}

/** How many responses (completed and partial) gave each value of each question; a multiple choice's values one by one (the rollup of decision 123). */
export async function answerCounts<DB extends SurveyTables>(db: Kysely<DB>, surveyId: string): Promise<{ item_code: string; value: string; n: number }[]> {
  return tables(db).selectFrom("rm_survey_answer_counts").select(["item_code", "value", "n"]).where("survey_id", "=", surveyId).where("n", ">", 0).execute();
}

/** How many answers the survey's responses hold (the report export's rows: one per member and answer). */
export async function surveyAnswerTotal<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, surveyId: string): Promise<number> {
  const row = await sql<{ n: string | null }>`
    select sum((select count(*) from jsonb_object_keys(r.answers))) as n from rm_survey_responses r where r.survey_id = ${surveyId} and r.organization_id = ${organizationId}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
