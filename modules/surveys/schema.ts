import { z } from "zod";
import { QUESTION_TYPES, type SurveyDefinition } from "./events";
import { LONG_TEXT_MAX } from "./limits";

/** Browser-safe: the survey calls' schemas (decision 074), one for the browser and the server. */

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const ITEM_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });
const day = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-05-30` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date like 2026-05-30` })
    .nullable()
    .default(null);
const age = (label: string) => z.number({ error: `${label} must be a number` }).int({ error: `${label} must be a whole number` }).min(0, { error: `${label} must be 0 or more` }).max(120, { error: `${label} must be at most 120` }).nullable().default(null);

const optionSchema = z.object({ label: text("Option label", 200).min(1, { error: "Option label is required" }), value: text("Option value", 100).min(1, { error: "Option value is required" }) });
const questionSchema = z.object({
  type: z.enum(QUESTION_TYPES, { error: `Element type must be one of ${[...QUESTION_TYPES, "likert", "section_text"].join(", ")}` }),
  item_code: z.string({ error: "Item code is required" }).trim().regex(ITEM_CODE_PATTERN, { error: "Item code must be 1 to 40 letters, digits, '_', '.' or '-'" }),
  text: text("Question text", 1000).min(1, { error: "Question text is required" }),
  required: z.boolean({ error: "Required must be true or false" }).default(false),
  options: z.array(optionSchema, { error: "Options must be a list" }).max(50, { error: "A question has at most 50 options" }).optional(),
  scale: z.number({ error: "Scale must be a number" }).int({ error: "Scale must be a whole number" }).optional(),
});
const sectionSchema = z.object({ type: z.literal("section_text"), text: text("Section text", LONG_TEXT_MAX).min(1, { error: "Section text is required" }) });
const itemCode = z.string({ error: "Item code is required" }).trim().regex(ITEM_CODE_PATTERN, { error: "Item code must be 1 to 40 letters, digits, '_', '.' or '-'" });
/** A Likert matrix (decision 110): a prompt, statements (rows) each with its item code, one shared scale of options. */
const likertSchema = z.object({
  type: z.literal("likert"),
  text: text("Likert matrix text", 1000).min(1, { error: "A Likert matrix needs its text (the prompt above its statements)" }),
  required: z.boolean({ error: "Required must be true or false" }).default(false),
  options: z.array(optionSchema, { error: "A Likert matrix's scale must be a list of options" }).min(2, { error: "A Likert matrix needs a scale of at least 2 options" }).max(11, { error: "A Likert matrix's scale has at most 11 options" }),
  rows: z
    .array(z.object({ item_code: itemCode, text: text("Statement", 1000).min(1, { error: "A Likert statement needs its text" }) }), { error: "A Likert matrix's statements must be a list" })
    .min(1, { error: "A Likert matrix needs at least one statement" })
    .max(50, { error: "A Likert matrix has at most 50 statements" }),
});
const elementSchema = z.union([sectionSchema, likertSchema, questionSchema], { error: "Each element needs a type, and a question an item_code and text" });
const conditionSchema = z.object({ item_code: itemCode, equals: text("The condition's answer", 100).min(1, { error: "A condition needs the answer that shows the page" }) }, { error: "A condition is { item_code, equals }" });
const idList = (label: string) => z.array(z.string({ error: `${label} must be a list of ids` }).trim().min(1, { error: `${label} must be a list of ids` }).max(100), { error: `${label} must be a list of ids` }).max(100, { error: `${label}: at most 100` }).default([]);
const pageSchema = z.object({
  title: text("Page title", 200).default(""),
  condition: conditionSchema.nullable().default(null),
  elements: z.array(elementSchema, { error: "A page's elements must be a list" }).min(1, { error: "A page needs at least one element" }).max(100, { error: "A page has at most 100 elements" }),
});

/** POST and PUT /api/survey: a survey's whole definition (the rules across it are the decider's). */
export const surveyInputSchema = z.object({
  name: text("Name", NAME_MAX).min(1, { error: "Name is required" }),
  description: text("Description", DESCRIPTION_MAX).default(""),
  age_min: age("Minimum age"),
  age_max: age("Maximum age"),
  genders: z.array(z.string({ error: "Genders must be a list of text" }).trim().min(1), { error: "Genders must be a list" }).max(10).default([]),
  start_date: day("Start date"),
  end_date: day("End date"),
  group_ids: idList("User groups"),
  program_ids: idList("Programs"),
  points: z.coerce.number({ error: "Points must be a whole number" }).int({ error: "Points must be a whole number" }).min(0, { error: "Points must be 0 or more" }).max(10_000, { error: "Points must be at most 10000" }).default(0),
  /** decision 117: parents answer for their children under this age (1 to 18); null or absent: members answer for themselves only */
  parents_answer_under: z
    .number({ error: "Parents answer for children under: a whole number, or null" })
    .int({ error: "Parents answer for children under: a whole number, or null" })
    .min(1, { error: "Parents answer for children under an age of at least 1" })
    .max(18, { error: "Parents answer for children under an age of at most 18" })
    .nullable()
    .default(null),
  image: z.union([text("Image", 2000), z.null()], { error: "Image must be the uploaded file's path or an address" }).optional().transform((v) => (v ? v : null)),
  pages: z.array(pageSchema, { error: "Pages must be a list" }).min(1, { error: "A survey needs at least one page" }).max(50, { error: "A survey has at most 50 pages" }),
});
export type SurveyInput = z.output<typeof surveyInputSchema>;

export const definitionOf = (input: SurveyInput): SurveyDefinition => ({
  name: input.name,
  description: input.description,
  audience: { ageMin: input.age_min, ageMax: input.age_max, genders: input.genders, startDate: input.start_date, endDate: input.end_date, groupIds: [...new Set(input.group_ids)], programIds: [...new Set(input.program_ids)] },
  points: input.points,
  image: input.image,
  parentsAnswerUnder: input.parents_answer_under,
  pages: input.pages.map((p) => ({
    title: p.title,
    ...(p.condition ? { condition: p.condition } : {}),
    elements: p.elements.map((e) =>
      e.type === "section_text"
        ? { type: "section_text" as const, text: e.text }
        : e.type === "likert"
          ? { type: "likert" as const, text: e.text, required: e.required, options: e.options, rows: e.rows }
          : { type: e.type, item_code: e.item_code, text: e.text, required: e.required, ...(e.options ? { options: e.options } : {}), ...(e.scale !== undefined ? { scale: e.scale } : {}) },
    ),
  })),
});

const answerValue = z.union([z.string(), z.number(), z.array(z.string()), z.null()], { error: "An answer must be text, a number, a list of options or null" });

/** PUT /api/survey/{id}/response: one page's answers by item code; `submit: true` ends the response. */
export const responseInputSchema = z.object({
  participant_id: z.string({ error: "participant_id must be text" }).optional(),
  page: z.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(1, { error: "Page must be 1 or more" }),
  answers: z.record(z.string(), answerValue, { error: "Answers must be an object of item codes" }).default({}),
  submit: z.boolean({ error: "Submit must be true or false" }).default(false),
});
export type ResponseInput = z.output<typeof responseInputSchema>;

const pageNumber = z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).max(100_000, { error: "Page is too large" }).default(0);
const pageSize = z.coerce.number({ error: "Size must be a number" }).int({ error: "Size must be a whole number" }).min(1, { error: "Size must be at least 1" }).max(100, { error: "Size must be at most 100" }).default(10);

export const surveyListQuery = z.object({ page: pageNumber, size: pageSize });
export const reportQuery = z.object({ page: pageNumber, size: pageSize });
export const responseQuery = z.object({ participant_id: z.string().optional() });

/** POST /api/survey/{id}/pair (decision 105): the pre survey this survey is the post survey of, or null to unpair. */
export const pairInputSchema = z.object({
  pairs_with: z.string({ error: "pairs_with must be the pre survey's id, or null" }).trim().min(1, { error: "pairs_with must be the pre survey's id, or null" }).max(100, { error: "pairs_with must be the pre survey's id, or null" }).nullable(),
  command_id: z.string().optional(),
});
export type PairInput = z.output<typeof pairInputSchema>;

/** GET /api/base/survey_evaluation_result (decision 105): the pair (its post survey's id, or its pre survey's), page, size. */
export const evaluationQuery = z.object({
  survey_id: z.string({ error: "survey_id is required: the post survey of a pre/post pair" }).trim().min(1, { error: "survey_id is required: the post survey of a pre/post pair" }).max(100, { error: "survey_id is too long" }),
  page: pageNumber,
  size: pageSize,
});
export type EvaluationQuery = z.output<typeof evaluationQuery>;
