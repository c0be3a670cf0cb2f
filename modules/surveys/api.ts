import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { evaluationQuery, reportQuery, responseQuery, surveyListQuery } from "./schema";
import { pairSurvey, surveyEvaluationResult } from "./evaluation";
import { changeSurveyStatus, createSurvey, openSurveysOf, responseCall, saveResponse, surveyCall, surveyReport, surveysOf, updateSurvey } from "./service";

/** GET /api/survey's answer (decision 081). */
const SURVEYS_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    version: z.number().int(),
    age_min: z.number().int().nullable(),
    age_max: z.number().int().nullable(),
    genders: z.array(z.string()),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    completions: A.count,
    partial_completions: A.count,
  }),
);

/** GET /api/base/survey_evaluation_result's answer (decision 105). */
const EVALUATION_ANSWER = A.listAnswer(
  z.looseObject({
    participant_id: z.string(),
    results: z.array(z.object({ item_code: z.string(), pre_value: z.number(), post_value: z.number(), change: z.number() })),
  }),
);

/** Staff who build surveys ('create survey', spec-1 section 4). */
const BUILD = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_SURVEY] } as const satisfies AccessRule;
/** Staff who read the results: 'create survey' or 'export survey results'. */
const REPORT = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_SURVEY, P.CAN_EXPORT_SURVEY_RESULTS] } as const satisfies AccessRule;
/** Members and parents answer for themselves and their children (the service narrows to their own: 404 otherwise). */
const ANSWER = { auth: "required", level: LEVELS.members } as const satisfies AccessRule;

/**
 * Surveys (decision 074; the generic convention, node `survey`): the staff's list and builder calls, publish
 * and close as actions, the report; the members' open surveys and their own response, saved page by page.
 */
export const surveysApi: readonly ApiRow[] = [
  apiRow({
    id: "survey-list",
    method: "GET",
    path: "/api/survey",
    description: "The survey summary list (spec-2 section 3: id, name, age_min, age_max, genders, start_date, end_date, completions, partial_completions; with status and version), paged: page, size. Newest first.",
    rule: REPORT,
    query: surveyListQuery,
    answers: { description: "{ data, count, additional_info }", schema: SURVEYS_ANSWER },
    handle: (ctx) => surveysOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "survey-open",
    method: "GET",
    path: "/api/survey/open",
    description: "The published surveys open today to the caller and their children (by the audience's ages, genders, user groups, programs and dates; a child only when the survey lets parents answer for children under its parents_answer_under, decision 117), each with its points, image_url, participant_id, participant_name, for_child (the caller answers it for their child) and progress: Not started, In progress (last_page), Completed.",
    rule: ANSWER,
    answers: { description: "{ data, count }" },
    handle: (ctx) => openSurveysOf(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "survey-create",
    method: "POST",
    path: "/api/survey",
    description:
      "A draft survey: name, description, image (the uploaded picture's path, or an address), age_min, age_max, genders, group_ids, program_ids (decision 111: members in any of them; none: everyone), start_date, end_date, points (0..10000, awarded once on submission), parents_answer_under (1..18: parents answer for their children under that age; null, the default: members answer for themselves only; decision 117), pages [{ title, condition ({ item_code, equals }: shown only when an earlier single or multiple choice answer is that option; decision 110), elements }]: section_text { text }, a likert matrix { text, required, options [{ label, value }] (the shared scale), rows [{ item_code, text }] }, or a question { type (single_choice, multiple_choice, rating, short_text, long_text, number, date), item_code (unique), text, required, options [{ label, value }] (choices), scale (rating, 2..10) }.",
    rule: BUILD,
    answers: { description: "{ message: 'Survey successfully created', data }" },
    handle: (ctx) => createSurvey(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "survey-detail",
    method: "GET",
    path: "/api/survey/:id",
    description: "One survey with its current version's pages.",
    rule: REPORT,
    answers: { description: "The survey" },
    handle: (ctx) => surveyCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "survey-update",
    method: "PUT",
    path: "/api/survey/:id",
    description: "The whole definition again (as POST). A published survey with answers may gain questions, not lose them (409); a change to its questions makes a new version, and answers given stay under theirs. A closed survey is not changed (409).",
    rule: BUILD,
    answers: { description: "{ message: 'Survey successfully updated', data }" },
    handle: (ctx) => updateSurvey(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "survey-publish",
    method: "POST",
    path: "/api/survey/:id/publish",
    description: "Publish a draft: members in its audience can answer it. Once only (409).",
    rule: BUILD,
    answers: { description: "{ message: 'Survey successfully published', data }" },
    handle: (ctx) => changeSurveyStatus(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, "publish"),
  }),
  apiRow({
    id: "survey-close",
    method: "POST",
    path: "/api/survey/:id/close",
    description: "Close a published survey: no more answers; its report stays. Once only (409).",
    rule: BUILD,
    answers: { description: "{ message: 'Survey successfully closed', data }" },
    handle: (ctx) => changeSurveyStatus(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, "close"),
  }),
  apiRow({
    id: "survey-pair",
    method: "POST",
    path: "/api/survey/:id/pair",
    description:
      "Mark the survey as the post survey of a pre survey (decision 105): { pairs_with: the pre survey's id, or null to unpair }. Same organization (else 404), not itself, the pre not itself a post survey, this survey not a pre survey, one post survey per pre survey (400 naming why).",
    rule: BUILD,
    answers: { description: "{ message: 'Surveys successfully paired', data }", schema: z.looseObject({ message: z.string(), data: z.looseObject({ id: z.string(), pairs_with: z.string().nullable() }) }) },
    handle: (ctx) => pairSurvey(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "survey-evaluation",
    method: "GET",
    path: "/api/base/survey_evaluation_result",
    description:
      "The pre/post evaluation (spec-2 section 7, decision 105): survey_id (the post survey of a pair, or its pre survey), page, size (at most 100). Per member who answered both (their fields by the field policy), per shared item code answered as a rating, a number or a single choice with a numeric value: pre_value, post_value, change (post minus pre); with the pair, the items, count and the summary per item (members, pre_mean, post_mean, mean_change).",
    rule: REPORT,
    query: evaluationQuery,
    answers: { description: "{ pre_survey, post_survey, items, data, count, summary, empty_text, additional_info }", schema: EVALUATION_ANSWER },
    handle: (ctx) => surveyEvaluationResult(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "survey-report",
    method: "GET",
    path: "/api/survey/:id/report",
    description:
      "The survey's report (spec-2 sections 3 and 7): survey, questions (item_code, question_id, question_text, type), a page of participants (their fields by the field policy) with answers (item_code, answer_label, answer_value) and completed_date, count, and the counts per answer of choice and rating questions: page, size.",
    rule: REPORT,
    query: reportQuery,
    answers: { description: "{ survey, questions, participants, count, empty_text, distribution }" },
    handle: (ctx) => surveyReport(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
  apiRow({
    id: "survey-response",
    method: "GET",
    path: "/api/survey/:id/response",
    description: "The caller's (or their child's: participant_id) response: the version's pages, the answers saved so far, last_page, completed. Another member's: 404.",
    rule: ANSWER,
    query: responseQuery,
    answers: { description: "{ survey, participant, open (false also when a parent may not answer it for this child, decision 117), parents_answer_under, parent_refusal (why a parent may not answer it for this child, or null), answers, last_page, completed, completed_date }" },
    handle: (ctx) => responseCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.query.participant_id),
  }),
  apiRow({
    id: "survey-response-save",
    method: "PUT",
    path: "/api/survey/:id/response",
    description:
      "Save one page's answers: { participant_id?, page (1-based), answers { item_code: value }, submit }. Answers are checked against the version's questions on that page (400 naming the question; a page hidden by its condition: 400); submit: true submits, once (409 after), with every required question of the shown pages answered, and awards the survey's points once. A parent answering for a child the survey does not let parents answer for (parents_answer_under null, or the child at or over it, or no date of birth): 403 SURVEY_NOT_FOR_PARENTS.",
    rule: ANSWER,
    answers: { description: "{ message, data }" },
    handle: (ctx) => saveResponse(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
];
