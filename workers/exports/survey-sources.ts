import type { Kysely } from "kysely";
import { SURVEY_EVALUATION_HEADER, SURVEY_REPORT_HEADER, type ExportRequestedData, type SurveyExportFilters } from "../../modules/exports";
import { applyFieldPolicy, type FieldRole } from "../../modules/identity";
import { answerRows, evaluationPage, evaluationPairOf, evaluationSummaryOf, questionsAcross, questionsOf, surveyNotFound, type AnswerValue, type EvaluationPair } from "../../modules/surveys";
import { surveyAnswerTotal, surveyById, surveyReportPage, surveyVersions, type SurveyReportParticipant } from "../../projections/surveys";
import type { ReadModels } from "../../projections";
import { requesterRole } from "./field-policy";
import { dateTimeIn } from "./report-sources";
import { FETCH_SIZE } from "./sources";

const SURVEY_KINDS = ["survey-report", "survey-evaluation"] as const;
export const isSurveyKind = (kind: string): kind is (typeof SURVEY_KINDS)[number] => (SURVEY_KINDS as readonly string[]).includes(kind);

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
const valueText = (value: AnswerValue) => (Array.isArray(value) ? value.join("; ") : text(value));

type Person = { member_id?: string; first_name?: string; last_name?: string; email?: string };

/** A participant's answer rows (one per answer) as the requester's role sees them (decision 027: a field it may not see is empty). */
export function surveyReportCells(role: FieldRole, surveyName: string, versions: Record<number, Parameters<typeof questionsOf>[0]>, questionText: Map<string, string>, r: SurveyReportParticipant, timeZone: string): string[][] {
  const p = applyFieldPolicy(role, { member_id: r.member_id, first_name: r.first_name, last_name: r.last_name, email: r.email }) as Person;
  const status = r.completed ? "Completed" : "In progress";
  const completed = r.completed_date ? dateTimeIn(r.completed_date, timeZone) : "";
  return answerRows(questionsOf(versions[r.version] ?? []), r.answers).map((a) => [
    surveyName,
    text(r.version),
    text(p.member_id),
    text(p.first_name),
    text(p.last_name),
    text(p.email),
    status,
    completed,
    a.item_code,
    questionText.get(a.item_code) ?? "",
    a.answer_label,
    valueText(a.answer_value),
    timeZone,
  ]);
}

/** A member's evaluation rows (one per item answered in both surveys). */
export function surveyEvaluationCells(pair: EvaluationPair, row: Awaited<ReturnType<typeof evaluationPage>>["data"][number]): string[][] {
  const p = row as Person;
  const words = new Map(pair.items.map((i) => [i.item_code, i.question_text]));
  return row.results.map((x) => [pair.pre.name, pair.post.name, text(p.member_id), text(p.first_name), text(p.last_name), text(p.email), x.item_code, words.get(x.item_code) ?? "", text(x.pre_value), text(x.post_value), text(x.change)]);
}

/**
 * A survey's report or a pre/post pair's evaluation as CSV rows (decision 106): the calls' own queries, FETCH_SIZE
 * members a page, one row per member and answer (or item), as the requester's role sees them. A survey gone
 * since the request, or no longer paired, fails the export with the call's message.
 */
export async function surveySource(deps: { db: Kysely<ReadModels> }, requested: ExportRequestedData) {
  const { surveyId, timeZone } = requested.filters as SurveyExportFilters;
  const { organizationId } = requested;
  const role = await requesterRole(deps.db, organizationId, requested.requestedBy);
  if (requested.kind === "survey-evaluation") {
    const pair = await evaluationPairOf(deps.db, organizationId, surveyId);
    const total = (await evaluationSummaryOf(deps.db, pair)).reduce((sum, s) => sum + s.members, 0);
    async function* batches(): AsyncGenerator<string[][]> {
      for (let page = 0; ; page++) {
        const { data } = await evaluationPage(deps.db, organizationId, role, pair, { page, size: FETCH_SIZE });
        if (data.length > 0) yield data.flatMap((r) => surveyEvaluationCells(pair, r));
        if (data.length < FETCH_SIZE) return;
      }
    }
    return { header: SURVEY_EVALUATION_HEADER, total, batches: batches() };
  }
  const survey = await surveyById(deps.db, organizationId, surveyId);
  if (!survey) throw surveyNotFound();
  const versions = await surveyVersions(deps.db, survey.id);
  const questionText = new Map(questionsAcross(versions).map((q) => [q.item_code, q.text]));
  const total = await surveyAnswerTotal(deps.db, organizationId, survey.id);
  async function* batches(): AsyncGenerator<string[][]> {
    for (let page = 0; ; page++) {
      const { rows } = await surveyReportPage(deps.db, organizationId, survey!.id, { page, size: FETCH_SIZE });
      if (rows.length > 0) yield rows.flatMap((r) => surveyReportCells(role, survey!.name, versions, questionText, r, timeZone));
      if (rows.length < FETCH_SIZE) return;
    }
  }
  return { header: SURVEY_REPORT_HEADER, total, batches: batches() };
}
