import type { DomainEvent } from "../kernel";

export const QUESTION_TYPES = ["RADIO", "RICHTEXT"] as const;
/** RADIO: a question answered by one of its options; RICHTEXT: section text shown between questions. */
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A screening question (spec-2 section 3): id, label, type, options, section_text. */
export type ScreeningQuestion = {
  id: string;
  label: string;
  type: QuestionType;
  /** the RADIO question's choices; empty for RICHTEXT */
  options: string[];
  /** the RICHTEXT section's text; empty for RADIO */
  section_text: string;
};

/** A screening answer (spec-2 section 3): question_id, answer; the label is kept as it read that day. */
export type ScreeningAnswer = { question_id: string; label: string; answer: string };

/** The failing answer (spec-2 section 9): the word 'YES'. */
export const FAILING_ANSWER = "YES";

export type ScreeningQuestionsSetData = { organizationId: string; questions: ScreeningQuestion[] };

export type DailyScreeningFilledData = {
  participantId: string;
  organizationId: string;
  /** the organization's calendar day, YYYY-MM-DD */
  day: string;
  answers: ScreeningAnswer[];
  isFilled: true;
  /** some answer equals 'YES': a stop flag is raised (flagId) */
  failed: boolean;
  flagId: string | null;
  filledBy: string | null;
  /** filled by staff (coach, admin, organization) on the person's behalf */
  onBehalf: boolean;
};

export type DailyScreeningDeclinedData = {
  participantId: string;
  organizationId: string;
  day: string;
  declinedBy: string | null;
};

/** The organization's questions, on `screening-questions-{organizationId}`; each event replaces the list. */
export type ScreeningQuestionsSet = DomainEvent<"ScreeningQuestionsSet", ScreeningQuestionsSetData>;
/** A participant's day, on `screening-{participantId}-{YYYY-MM-DD}`. */
export type DailyScreeningFilled = DomainEvent<"DailyScreeningFilled", DailyScreeningFilledData>;
export type DailyScreeningDeclined = DomainEvent<"DailyScreeningDeclined", DailyScreeningDeclinedData>;

export type ScreeningQuestionsEvent = ScreeningQuestionsSet;
export type DailyScreeningEvent = DailyScreeningFilled | DailyScreeningDeclined;
export type ScreeningEvent = ScreeningQuestionsEvent | DailyScreeningEvent;

export const SCREENING_EVENT_TYPES = ["ScreeningQuestionsSet", "DailyScreeningFilled", "DailyScreeningDeclined"] as const satisfies readonly ScreeningEvent["type"][];

export const isScreeningEvent = <E extends DomainEvent>(event: E): event is E & ScreeningEvent =>
  (SCREENING_EVENT_TYPES as readonly string[]).includes(event.type);

export const screeningQuestionsStream = (organizationId: string) => `screening-questions-${organizationId}`;
export const dailyScreeningStream = (participantId: string, day: string) => `screening-${participantId}-${day}`;
