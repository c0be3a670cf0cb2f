import { z } from "zod";
import type { Command } from "../kernel";
import { QUESTION_TYPES, type ScreeningQuestion } from "./events";
import { SCREENING_TEXT } from "./form";

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const participantIdSchema = z.string({ error: SCREENING_TEXT.participantRequired }).trim().min(1, { error: SCREENING_TEXT.participantRequired });

export const screeningQuestionSchema = z
  .object({
    id: text("Question ID", 60),
    label: text("Label", 500),
    type: z.enum(QUESTION_TYPES, { error: "Type must be RADIO or RICHTEXT" }),
    options: z.array(text("Option", 100)).max(10, { error: "At most 10 options" }).default([]),
    section_text: z.string().trim().max(5000, { error: "Section Text must be at most 5000 characters" }).default(""),
  })
  .superRefine((q, ctx) => {
    if (q.type === "RADIO" && new Set(q.options).size < 2) ctx.addIssue({ code: "custom", path: ["options"], message: "A RADIO question needs at least two different options" });
    if (q.type === "RICHTEXT" && !q.section_text) ctx.addIssue({ code: "custom", path: ["section_text"], message: "Section Text is required" });
  });

export const screeningQuestionsSchema = z
  .array(screeningQuestionSchema, { error: "Questions are required" })
  .min(1, { error: "Questions are required" })
  .max(50, { error: "At most 50 questions" })
  .superRefine((questions, ctx) => {
    if (new Set(questions.map((q) => q.id)).size !== questions.length) ctx.addIssue({ code: "custom", message: "Question IDs must be unique" });
    if (!questions.some((q) => q.type === "RADIO")) ctx.addIssue({ code: "custom", message: "At least one RADIO question is required" });
  })
  .transform((questions) => questions.map((q): ScreeningQuestion => ({ ...q, options: q.type === "RADIO" ? q.options : [], section_text: q.type === "RICHTEXT" ? q.section_text : "" })));

export const answerSchema = z.object({
  question_id: z.string({ error: "Question ID is required" }).trim().min(1, { error: "Question ID is required" }),
  answer: z.string({ error: SCREENING_TEXT.mandatory }).trim(),
});
export const answersSchema = z.array(answerSchema, { error: SCREENING_TEXT.mandatory }).max(100, { error: "Too many answers" });

/** Who acts: the signed-in user's id, role level and role name (PARENT, PARTICIPANT, COACH...). */
export type ScreeningActor = { userId: string; level: number; roleName: string };

/** What the decision reads from other streams, loaded by the handler right before deciding. */
export type ScreeningFacts = {
  /** guardianIds: the child's guardians (decision 064), the registered parent among them unless unlinked */
  participant: { participantId: string; organizationId: string; name: string; guardianIds: string[]; userId: string | null } | null;
  actor: ScreeningActor;
  /** the organization has daily screening on (is_daily_screening_form) */
  screeningOn: boolean;
  /** the organization's questions now */
  questions: ScreeningQuestion[];
};

export type FillScreeningInput = { participantId: string; day: string; answers: unknown; flagId: string; facts: ScreeningFacts };
export type DeclineScreeningInput = { participantId: string; day: string; facts: ScreeningFacts };
export type SetScreeningQuestionsInput = { questions: unknown; actor: ScreeningActor };

export type FillScreening = Command<"FillScreening", FillScreeningInput>;
export type DeclineScreening = Command<"DeclineScreening", DeclineScreeningInput>;
export type DailyScreeningCommand = FillScreening | DeclineScreening;
export type SetScreeningQuestions = Command<"SetScreeningQuestions", SetScreeningQuestionsInput>;

/* ---------- the /api calls' inputs ---------- */

/** A body sent as JSON null reads as none. */
const orEmpty = (body: unknown) => body ?? {};

/** PUT /api/note/screening/questions `{ questions }` (the decider checks the questions themselves). */
export const questionsBody = z.preprocess(orEmpty, z.object({ questions: z.unknown() }));

/** GET /api/note/daily/screening?user_id or ?not_screened=true (user_id is checked only when it is used). */
export const dailyScreeningQuery = z.object({ user_id: z.string().optional(), not_screened: z.string().optional() });

const entrySchema = z.object({
  user_id: participantIdSchema,
  answers: z.unknown().optional(),
  is_filled: z.boolean({ error: "Is Filled must be true or false" }).optional(),
});

/** POST /api/note/daily/screening: one participant's entry, or the multi-user form's list (at least one). */
export const dailyScreeningBody = z.union(
  [entrySchema, z.array(entrySchema, { error: SCREENING_TEXT.selectOne }).min(1, { error: SCREENING_TEXT.selectOne }).max(20, { error: "At most 20 participants at once" })],
  { error: SCREENING_TEXT.participantRequired },
);

/** POST /api/note/flag/screening `{ user_id }`. */
export const flagScreeningBody = z.preprocess(orEmpty, z.object({ user_id: participantIdSchema }));

/** POST /api/note/user/daily/screening `{ user_ids }`. */
export const userDailyScreeningBody = z.preprocess(
  orEmpty,
  z.object({
    user_ids: z
      .array(participantIdSchema, { error: "User IDs are required" })
      .min(1, { error: "User IDs are required" })
      .max(50, { error: "At most 50 users at once" }),
  }),
);

export type QuestionsBody = z.infer<typeof questionsBody>;
export type DailyScreeningQuery = z.infer<typeof dailyScreeningQuery>;
export type DailyScreeningBody = z.infer<typeof dailyScreeningBody>;
export type FlagScreeningBody = z.infer<typeof flagScreeningBody>;
export type UserDailyScreeningBody = z.infer<typeof userDailyScreeningBody>;
