import type { DomainEvent } from "../kernel";

/** The question types a survey page may hold (decision 074); section text is an element with no answer. */
export const QUESTION_TYPES = ["single_choice", "multiple_choice", "rating", "short_text", "long_text", "number", "date"] as const;
/** A Likert matrix (decision 110) is one element of rows, each row a question of type `likert` with its own item code. */
export type QuestionType = (typeof QUESTION_TYPES)[number] | "likert";
export const ELEMENT_TYPES = [...QUESTION_TYPES, "likert", "section_text"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const SURVEY_STATUSES = ["Draft", "Published", "Closed"] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

export type SurveyOption = { label: string; value: string };
export type SurveyQuestion = {
  type: QuestionType;
  /** stable across versions, unique in the survey: what reports and the pre/post evaluation match on */
  item_code: string;
  text: string;
  required: boolean;
  /** single and multiple choice */
  options?: SurveyOption[];
  /** rating: the scale is 1..scale */
  scale?: number;
  /** a Likert matrix's row: the matrix's prompt */
  matrix?: string;
};
export type SurveySection = { type: "section_text"; text: string };
/** A Likert matrix (decision 110): statements (rows), each with its own item code, answered on one shared scale of options. */
export type SurveyLikertRow = { item_code: string; text: string };
export type SurveyLikert = { type: "likert"; text: string; required: boolean; options: SurveyOption[]; rows: SurveyLikertRow[] };
/** A plain question element (every question type but a Likert matrix's rows). */
export type SurveyPlainQuestion = SurveyQuestion & { type: Exclude<QuestionType, "likert"> };
export type SurveyElement = SurveyPlainQuestion | SurveyLikert | SurveySection;
/** A page shown only when an earlier choice question's answer is (or, for a multiple choice, includes) `equals` (decision 110). */
export type SurveyCondition = { item_code: string; equals: string };
export type SurveyPage = { title: string; elements: SurveyElement[]; condition?: SurveyCondition | null };

/** groupIds and programIds (decision 111): absent in surveys created before them, read as none (everyone). */
export type SurveyAudience = { ageMin: number | null; ageMax: number | null; genders: string[]; startDate: string | null; endDate: string | null; groupIds?: string[]; programIds?: string[] };

/**
 * points: awarded once on submission (0: none); image: the uploaded picture's stored path, or an address (decision 111).
 * parentsAnswerUnder: parents answer for their children under this age (decision 117); null or absent (surveys
 * created before it): members answer for themselves only.
 */
export type SurveyDefinition = { name: string; description: string; audience: SurveyAudience; pages: SurveyPage[]; points?: number; image?: string | null; parentsAnswerUnder?: number | null };

export type SurveyCreatedData = SurveyDefinition & { surveyId: string; organizationId: string; version: number; createdBy: string | null };
/** a draft edited (same version), or a published survey edited: a new version when it has answers */
export type SurveyUpdatedData = SurveyDefinition & { surveyId: string; version: number; updatedBy: string | null };
export type SurveyPublishedData = { surveyId: string; version: number; publishedBy: string | null };
export type SurveyClosedData = { surveyId: string; closedBy: string | null };
/** the survey is the post survey of `pairsWith` (a pre survey of the organization), or no longer paired (null): decision 105 */
export type SurveyPairedData = { surveyId: string; pairsWith: string | null; pairedBy: string | null };

export type SurveyCreated = DomainEvent<"SurveyCreated", SurveyCreatedData>;
export type SurveyUpdated = DomainEvent<"SurveyUpdated", SurveyUpdatedData>;
export type SurveyPublished = DomainEvent<"SurveyPublished", SurveyPublishedData>;
export type SurveyClosed = DomainEvent<"SurveyClosed", SurveyClosedData>;
export type SurveyPaired = DomainEvent<"SurveyPaired", SurveyPairedData>;
export type SurveyEvent = SurveyCreated | SurveyUpdated | SurveyPublished | SurveyClosed | SurveyPaired;

/** An answer: a choice's value, the values chosen, a rating, a text, a number, a date (YYYY-MM-DD); null clears it. */
export type AnswerValue = string | number | string[] | null;

export type SurveyAnswersSavedData = {
  surveyId: string;
  organizationId: string;
  participantId: string;
  /** the survey version the response answers (set by its first page, kept after) */
  version: number;
  /** the page saved (1-based) */
  page: number;
  answers: Record<string, AnswerValue>;
  savedBy: string | null;
};
export type SurveyResponseSubmittedData = { surveyId: string; organizationId: string; participantId: string; version: number; submittedBy: string | null };

export type SurveyAnswersSaved = DomainEvent<"SurveyAnswersSaved", SurveyAnswersSavedData>;
export type SurveyResponseSubmitted = DomainEvent<"SurveyResponseSubmitted", SurveyResponseSubmittedData>;
export type SurveyResponseEvent = SurveyAnswersSaved | SurveyResponseSubmitted;

export const SURVEY_EVENT_TYPES = ["SurveyCreated", "SurveyUpdated", "SurveyPublished", "SurveyClosed", "SurveyPaired", "SurveyAnswersSaved", "SurveyResponseSubmitted"] as const satisfies readonly (SurveyEvent | SurveyResponseEvent)["type"][];
export const isSurveyEvent = <E extends DomainEvent>(event: E): event is E & (SurveyEvent | SurveyResponseEvent) => (SURVEY_EVENT_TYPES as readonly string[]).includes(event.type);

export const surveyStreamId = (surveyId: string) => `survey-${surveyId}`;
export const surveyResponseStreamId = (surveyId: string, participantId: string) => `survey-response-${surveyId}-${participantId}`;

export const isQuestion = (element: SurveyElement): element is SurveyPlainQuestion => element.type !== "section_text" && element.type !== "likert";
export const isLikert = (element: SurveyElement): element is SurveyLikert => element.type === "likert";

/** A Likert matrix's rows as questions of type `likert` (the matrix's options shared; `matrix` its prompt). */
export const likertQuestions = (m: SurveyLikert): SurveyQuestion[] => m.rows.map((r) => ({ type: "likert", item_code: r.item_code, text: r.text, required: m.required, options: m.options, matrix: m.text }));

/** A page's questions in order, a Likert matrix giving one question per row. */
export const questionsOfPage = (page: SurveyPage): SurveyQuestion[] => page.elements.flatMap((e) => (isLikert(e) ? likertQuestions(e) : isQuestion(e) ? [e] : []));
export const questionsOf = (pages: readonly SurveyPage[]): SurveyQuestion[] => pages.flatMap(questionsOfPage);
