import type { Kysely } from "kysely";
import { applyFieldPolicy, commandIdOf, fieldRoleOfAuth, isMemberLevel, PERMISSIONS as P, type Auth, type FieldRole, type Services } from "../identity";
import { DomainError, isUuid, validationError } from "../kernel";
import { evaluationMemberPage, evaluationScores, evaluationSummary, pairingFacts, surveyById, surveyVersions, type SurveyTables } from "../../projections/surveys";
import { surveyNotFound } from "./decide";
import { isComparable } from "./numeric";
import { pairInputSchema, type EvaluationQuery } from "./schema";
import { questionsAcross, runSurvey, surveyOf } from "./service";

/** Staff who may export survey results (the report page's export buttons, decision 106). */
export const mayExportSurveyResults = (auth: Auth) => !isMemberLevel(auth.subject.level) && auth.user.permissionIds.includes(P.CAN_EXPORT_SURVEY_RESULTS);

export const PAIR_TOASTS = { paired: "Surveys successfully paired", unpaired: "Survey successfully unpaired" } as const;
/** The evaluation's empty text, in the spec's style. */
export const NO_EVALUATION_TEXT = "There are no members that have answered both surveys.";

/**
 * POST /api/survey/{id}/pair (decision 105): the survey becomes the post survey of `pairs_with` (a pre survey of
 * the same organization), or is unpaired with null. The facts across surveys come from the read model.
 */
export async function pairSurvey(services: Services, auth: Auth, request: Request, id: string | undefined, body: unknown) {
  const survey = await surveyOf(services, auth, id);
  const parsed = pairInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const pairsWith = parsed.data.pairs_with;
  const own = await pairingFacts(services.db, auth.organization.id, survey.id);
  const pre = pairsWith && pairsWith !== survey.id ? (isUuid(pairsWith) ? await pairingFacts(services.db, auth.organization.id, pairsWith) : null) : null;
  const facts = {
    pre: pre?.survey ? { found: true, name: pre.survey.name, pairsWith: pre.survey.pairs_with, otherPost: pre.postOf && pre.postOf.id !== survey.id ? pre.postOf.name : null } : { found: false, name: "", pairsWith: null, otherPost: null },
    preOf: own.postOf?.name ?? null,
  };
  await runSurvey(services, {
    type: "PairSurvey",
    data: { surveyId: survey.id, pairsWith, facts },
    metadata: { commandId: commandIdOf(auth, request, parsed.data.command_id), organizationId: auth.organization.id, actorId: auth.user.id },
  });
  return { message: pairsWith ? PAIR_TOASTS.paired : PAIR_TOASTS.unpaired, data: await surveyOf(services, auth, survey.id) };
}

export type EvaluationPair = { pre: { id: string; name: string }; post: { id: string; name: string }; items: { item_code: string; question_text: string; type: string }[] };

/**
 * The pair a survey id names (decision 105): the survey is the post survey of a pre survey, or the pre survey of
 * a post one. Another organization's survey is not found; a survey in no pair is a 400 saying how to pair it.
 * The items compared: the item codes both surveys ask (in any version) as a rating, a number or a single choice,
 * in the post survey's order, with its newest words.
 */
export async function evaluationPairOf<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, surveyId: string): Promise<EvaluationPair> {
  if (!isUuid(surveyId)) throw surveyNotFound();
  const facts = await pairingFacts(db, organizationId, surveyId);
  if (!facts.survey) throw surveyNotFound();
  const [preId, postId] = facts.survey.pairs_with ? [facts.survey.pairs_with, facts.survey.id] : facts.postOf ? [facts.survey.id, facts.postOf.id] : [null, null];
  if (!preId || !postId) throw new DomainError("VALIDATION", `'${facts.survey.name}' is not in a pre/post pair: mark the post survey as the post survey of its pre survey first`, 400, { fieldErrors: { survey_id: ["This survey is not paired"] } });
  const [pre, post] = await Promise.all([surveyById(db, organizationId, preId), surveyById(db, organizationId, postId)]);
  if (!pre || !post) throw surveyNotFound();
  const preQuestions = new Map(questionsAcross(await surveyVersions(db, pre.id)).map((q) => [q.item_code, q]));
  const items = questionsAcross(await surveyVersions(db, post.id))
    .filter((q) => {
      const before = preQuestions.get(q.item_code);
      return before !== undefined && isComparable(q) && isComparable(before);
    })
    .map((q) => ({ item_code: q.item_code, question_text: q.text, type: q.type }));
  return { pre: { id: pre.id, name: pre.name }, post: { id: post.id, name: post.name }, items };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A page of members who answered both (their fields by the field policy), each with pre, post and change per item they answered in both. */
export async function evaluationPage<DB extends SurveyTables>(db: Kysely<DB>, organizationId: string, role: FieldRole, pair: EvaluationPair, q: { page: number; size: number }) {
  const codes = pair.items.map((i) => i.item_code);
  const { rows, count } = await evaluationMemberPage(db, organizationId, pair.post.id, codes, q);
  const scores = await evaluationScores(
    db,
    pair.post.id,
    rows.map((r) => r.participant_id),
  );
  const scoreOf = new Map(scores.map((v) => [`${v.participant_id}|${v.item_code}`, v]));
  const data = rows.map((r) => {
    const results = codes.flatMap((code) => {
      const score = scoreOf.get(`${r.participant_id}|${code}`);
      if (!score) return [];
      const pre = Number(score.pre_value);
      const post = Number(score.post_value);
      return [{ item_code: code, pre_value: pre, post_value: post, change: round(post - pre) }];
    });
    return { ...applyFieldPolicy(role, { participant_id: r.participant_id, member_id: r.member_id, first_name: r.first_name, last_name: r.last_name, dob: r.dob, gender: r.gender, email: r.email }), results };
  });
  return { data, count };
}

/** Per item: how many members answered it in both, the mean pre and post values and the mean change (2 decimals). */
export async function evaluationSummaryOf<DB extends SurveyTables>(db: Kysely<DB>, pair: EvaluationPair) {
  const rows = await evaluationSummary(
    db,
    pair.post.id,
    pair.items.map((i) => i.item_code),
  );
  const byCode = new Map(rows.map((r) => [r.item_code, r]));
  return pair.items.map((item) => {
    const r = byCode.get(item.item_code);
    return { item_code: item.item_code, question_text: item.question_text, members: r?.members ?? 0, pre_mean: r ? round(r.pre_mean) : null, post_mean: r ? round(r.post_mean) : null, mean_change: r ? round(r.post_mean - r.pre_mean) : null };
  });
}

/**
 * GET /api/base/survey_evaluation_result?survey_id&page&size (spec-2 section 7, decision 105): the pair, the
 * items compared, a page of members who answered both with pre_value, post_value and change per item, the count,
 * and the summary per item (the chart's figures).
 */
export async function surveyEvaluationResult(services: Services, auth: Auth, query: EvaluationQuery) {
  const pair = await evaluationPairOf(services.db, auth.organization.id, query.survey_id);
  const [{ data, count }, summary] = await Promise.all([evaluationPage(services.db, auth.organization.id, fieldRoleOfAuth(auth), pair, query), evaluationSummaryOf(services.db, pair)]);
  return { pre_survey: pair.pre, post_survey: pair.post, items: pair.items, data, count, summary, empty_text: count === 0 ? NO_EVALUATION_TEXT : null, additional_info: {} };
}
