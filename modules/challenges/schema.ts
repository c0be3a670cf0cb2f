import { z } from "zod";
import { CHALLENGE_RULES, type ChallengeFields } from "./events";
import { MAX_AGE, MAX_AUDIENCE_ENTRIES, MAX_CHALLENGE_POINTS, MAX_DESCRIPTION, MAX_SESSIONS, MAX_TITLE } from "./limits";

/** Browser-safe: the challenge calls' schemas (decision 102), one for the form and the /api. */

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });
const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine((n) => Number.isFinite(n), { error: `${label} must be a number` })
    .refine((n) => Number.isInteger(n), { error: `${label} must be a whole number` })
    .refine((n) => n >= min, { error: `${label} must be at least ${min}` })
    .refine((n) => n <= max, { error: `${label} must be at most ${max.toLocaleString("en")}` });
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const date = (label: string) => z.string({ error: `${label} is required` }).trim().refine(validDate, { error: `${label} must be a date like 2026-11-23` });
const optionalId = (label: string) =>
  z
    .union([z.string({ error: `${label} must be an id` }).trim().max(64, { error: `${label} is too long` }), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
const optionalWhole = (label: string, min: number, max: number) => z.union([whole(label, min, max), z.null(), z.literal("").transform(() => null)]).optional().transform((v) => (v === undefined ? null : v));
const ids = (label: string) =>
  z
    .array(z.string().trim().min(1).max(64, { error: `${label}: an id is too long` }), { error: `${label} must be a list` })
    .max(MAX_AUDIENCE_ENTRIES, { error: `${label}: at most ${MAX_AUDIENCE_ENTRIES}` })
    .default([])
    .transform((v) => [...new Set(v)]);

/** POST and PUT /api/challenge */
export const challengeInputSchema = z
  .object({
    title: text("Title", MAX_TITLE).min(1, { error: "Title is required" }),
    description: text("Description", MAX_DESCRIPTION).default(""),
    image: z.union([z.string().trim().max(2000, { error: "Image must be at most 2000 characters" }), z.null()]).optional().transform((v) => (v ? v : null)),
    start_date: date("Start date"),
    end_date: date("End date"),
    points: whole("Points", 1, MAX_CHALLENGE_POINTS),
    rule: z.enum(CHALLENGE_RULES, { error: `Rule must be one of ${CHALLENGE_RULES.join(", ")}` }),
    survey_id: optionalId("survey_id"),
    sessions: optionalWhole("Sessions", 1, MAX_SESSIONS),
    program_id: optionalId("program_id"),
    group_ids: ids("group_ids"),
    program_ids: ids("program_ids"),
    age_min: optionalWhole("Minimum age", 0, MAX_AGE),
    age_max: optionalWhole("Maximum age", 0, MAX_AGE),
    command_id: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: "End date must be on or after the start date" });
    if (v.rule === "survey" && !v.survey_id) ctx.addIssue({ code: "custom", path: ["survey_id"], message: "Choose the survey to complete" });
    if (v.rule === "attendance" && v.sessions === null) ctx.addIssue({ code: "custom", path: ["sessions"], message: "Sessions must be a whole number of at least 1" });
    if (v.age_min !== null && v.age_max !== null && v.age_min > v.age_max) ctx.addIssue({ code: "custom", path: ["age_max"], message: "Maximum age must be at least the minimum age" });
  });
export type ChallengeInput = z.output<typeof challengeInputSchema>;

export const fieldsOfInput = (input: ChallengeInput): ChallengeFields => ({
  title: input.title,
  description: input.description,
  image: input.image,
  startsOn: input.start_date,
  endsOn: input.end_date,
  points: input.points,
  audience: { groupIds: input.group_ids, programIds: input.program_ids, ageMin: input.age_min, ageMax: input.age_max },
  rule: input.rule === "survey" ? { kind: "survey", surveyId: input.survey_id! } : input.rule === "attendance" ? { kind: "attendance", sessions: input.sessions!, programId: input.program_id } : { kind: "staff" },
});

const pageNumber = z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).max(100_000, { error: "Page is too large" }).default(0);
const pageSize = z.coerce.number({ error: "Size must be a number" }).int({ error: "Size must be a whole number" }).min(1, { error: "Size must be at least 1" }).max(100, { error: "Size must be at most 100" }).default(20);
export const CHALLENGE_SORTS = ["created_date,desc", "created_date,asc", "title,asc", "title,desc", "end_date,asc"] as const;
export const challengeListQuery = z.object({
  page: pageNumber,
  size: pageSize,
  search: z.string().max(100, { error: "Search must be at most 100 characters" }).optional(),
  sort: z.enum(CHALLENGE_SORTS, { error: `Sort must be one of ${CHALLENGE_SORTS.join(", ")}` }).default("created_date,desc"),
  archived: z.enum(["true", "false"], { error: "archived must be true or false" }).optional(),
});
export type ChallengeListQuery = z.output<typeof challengeListQuery>;

/** POST /api/challenge/{id}/confirm: staff confirm members' completions */
export const confirmInputSchema = z.object({
  participant_ids: z.array(z.string().trim().min(1).max(64), { error: "participant_ids must be a list" }).min(1, { error: "Choose at least one member" }).max(200, { error: "At most 200 members at once" }),
  command_id: z.string().optional(),
});
