import { z } from "zod";
import { answerSchemas as A, ADMIN_ONLY, apiRow, signedIn, type ApiRow } from "../identity";
import { dailyScreeningBody, dailyScreeningQuery, flagScreeningBody, questionsBody, userDailyScreeningBody } from "./commands";
import { dailyState, flagFailedScreening, submitDaily, usersDailyScreening } from "./service-daily";
import { questionsList, replaceQuestions } from "./service-questions";

/** GET /api/note/screening/questions's answer (decision 081). */
const QUESTIONS_ANSWER = A.listAnswer(z.looseObject({ id: z.string(), type: z.enum(["RADIO", "RICHTEXT"]), label: z.string(), options: z.array(z.unknown()) }));

/** Any signed-in user but a kiosk: the handlers decide whose screening (own, own children, or staff on a person's behalf). */
const SIGNED_IN = { auth: "required" } as const;

/** The screening calls (spec-2 section 7, Screening), rows of the one /api table. */
export const screeningApi: readonly ApiRow[] = [
  apiRow({
    id: "screening-questions",
    method: "GET",
    path: "/api/note/screening/questions",
    description: "The organization's screening questions, RADIO and RICHTEXT only.",
    rule: SIGNED_IN,
    answers: { description: "{ data, count }", schema: QUESTIONS_ANSWER },
    handle: (ctx) => questionsList(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "screening-questions-update",
    method: "PUT",
    path: "/api/note/screening/questions",
    description: "Replace the organization's screening questions.",
    rule: ADMIN_ONLY,
    // 50 questions of up to 5 000 characters of section text each, written as JSON escapes at worst
    maxBodyBytes: 4 * 1024 * 1024,
    body: questionsBody,
    answers: { description: "{ message, data: questions }" },
    handle: (ctx) => replaceQuestions(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "daily-screening-read",
    method: "GET",
    path: "/api/note/daily/screening",
    description: "Today's screening state of the user's own participants (or ?user_id=): date, users with showScreening.",
    rule: SIGNED_IN,
    query: dailyScreeningQuery,
    answers: { description: "{ date, is_daily_screening_form, users }" },
    handle: (ctx) => dailyState(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "daily-screening",
    method: "POST",
    path: "/api/note/daily/screening",
    description:
      "Fill today's screening (user_id, answers, is_filled) or decline it (user_id only); a participant for themselves, a parent for their children, coach, admin and organization on a person's behalf.",
    rule: SIGNED_IN,
    body: dailyScreeningBody,
    answers: { description: "{ data: [{ user_id, date, is_filled, declined, failed, isFlagged }], failed, message }" },
    handle: (ctx) => submitDaily(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "flag-screening",
    method: "POST",
    path: "/api/note/flag/screening",
    description: "Raise (once) the stop flag of today's failed screening of user_id.",
    rule: SIGNED_IN,
    body: flagScreeningBody,
    answers: { description: "{ user_id, date, flag_id, isFlagged }" },
    handle: (ctx) => flagFailedScreening(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "user-daily-screening",
    method: "POST",
    path: "/api/note/user/daily/screening",
    description: "user_ids to users with showScreening and isFlagged, and isScreeningRequested.",
    rule: SIGNED_IN,
    body: userDailyScreeningBody,
    answers: { description: "{ date, users: [{ user_id, name, showScreening, isFlagged }], isScreeningRequested }" },
    handle: (ctx) => usersDailyScreening(ctx.services, signedIn(ctx), ctx.body),
  }),
];
