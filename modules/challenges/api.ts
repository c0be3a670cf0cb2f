import { z } from "zod";
import { answerSchemas as A, apiRow, signedIn, type ApiRow } from "../identity";
import { MANAGE_CHALLENGES, VIEW_CHALLENGES } from "./access";
import { challengeListQuery } from "./schema";
import { challengeCall, challengeProgressCall, challengesList, confirmCompletion, createChallenge, deleteChallenge, updateChallenge } from "./service";

const progressQuery = z.object({
  page: z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).max(100_000, { error: "Page is too large" }).default(0),
  size: z.coerce.number({ error: "Size must be a number" }).int({ error: "Size must be a whole number" }).min(1, { error: "Size must be at least 1" }).max(100, { error: "Size must be at most 100" }).default(20),
  completed: z.enum(["true", "false"], { error: "completed must be true or false" }).optional(),
});

const CHALLENGE = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  start_date: A.day,
  end_date: A.day,
  points: z.number().int(),
  rule: z.enum(["survey", "attendance", "staff"]),
  survey_id: z.string().nullable(),
  program_id: z.string().nullable(),
  sessions: z.number().int().nullable(),
  archived: z.boolean(),
  completions: A.count,
  created_date: A.isoTime,
  updated_date: A.isoTime,
});
const PROGRESS = z.looseObject({ participant_id: z.string(), name: z.string(), sessions: A.count, needed: A.count, completed: z.boolean(), completed_date: A.isoTime.nullable() });

/** Challenges (decision 102; the generic convention, node `challenge`, and the confirm-completion action). */
export const challengesApi: readonly ApiRow[] = [
  apiRow({
    id: "challenge-list",
    method: "GET",
    path: "/api/challenge",
    description: "Challenges, newest first (page, size, search, sort, archived): staff see every challenge; members the ones open to them and their children today, each with progress [{ participant_id, name, sessions, needed, completed }].",
    rule: VIEW_CHALLENGES,
    query: challengeListQuery,
    answers: { description: "{ data, count, additional_info }", schema: A.listAnswer(CHALLENGE, A.pageInfo) },
    handle: (ctx) => challengesList(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "challenge-create",
    method: "POST",
    path: "/api/challenge",
    description:
      "A challenge: { title, description, image (optional address), start_date, end_date (on or after the start), points (whole, 1..10 000), rule (survey, attendance, staff), survey_id (rule survey), sessions (rule attendance, 1..500), program_id (rule attendance; none: any program), group_ids, program_ids, age_min, age_max (the audience; empty: everyone) }.",
    rule: MANAGE_CHALLENGES,
    answers: { description: "{ message: 'Challenge successfully created', data }", schema: z.looseObject({ message: z.string(), data: CHALLENGE }) },
    handle: (ctx) => createChallenge(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "challenge-detail",
    method: "GET",
    path: "/api/challenge/:id",
    description: "One challenge (a member: one open to them, with their progress).",
    rule: VIEW_CHALLENGES,
    answers: { description: "The challenge", schema: CHALLENGE },
    handle: (ctx) => challengeCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "challenge-update",
    method: "PUT",
    path: "/api/challenge/:id",
    description: "The whole challenge again (as POST); an archived challenge cannot change (409).",
    rule: MANAGE_CHALLENGES,
    answers: { description: "{ message: 'Challenge successfully updated', data }", schema: z.looseObject({ message: z.string(), data: CHALLENGE }) },
    handle: (ctx) => updateChallenge(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "challenge-delete",
    method: "DELETE",
    path: "/api/challenge/:id",
    description: "Archive a challenge: no longer open; its completions and the points they awarded stay.",
    rule: MANAGE_CHALLENGES,
    answers: { description: "{ message: 'Challenge successfully deleted', data }", schema: z.looseObject({ message: z.string(), data: CHALLENGE }) },
    handle: (ctx) => deleteChallenge(ctx.services, signedIn(ctx), ctx.request, ctx.params.id),
  }),
  apiRow({
    id: "challenge-confirm",
    method: "POST",
    path: "/api/challenge/:id/confirm",
    description: "Confirm that members completed the challenge: { participant_ids }. Each completion awards the challenge's points once (category challenge, the challenge as the source); confirming again awards nothing. A member outside the audience: 409; archived: 409.",
    rule: MANAGE_CHALLENGES,
    answers: { description: "{ message: 'Challenge completion confirmed', data: { participant_ids, count } }", schema: z.looseObject({ message: z.string(), data: z.looseObject({ challenge_id: z.string(), participant_ids: z.array(z.string()), count: A.count }) }) },
    handle: (ctx) => confirmCompletion(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "challenge-progress",
    method: "GET",
    path: "/api/challenge/:id/progress",
    description: "Who completed the challenge and who is on the way (staff): completed first, then by sessions counted (page, size, completed).",
    rule: { ...VIEW_CHALLENGES, level: MANAGE_CHALLENGES.level },
    query: progressQuery,
    answers: { description: "{ data, count, additional_info }", schema: A.listAnswer(PROGRESS, A.pageInfo) },
    handle: (ctx) => challengeProgressCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
];
