import type { AnswerValue, SurveyQuestion } from "./events";

/** The question types whose answers the pre/post evaluation compares (decision 105). */
export const NUMERIC_TYPES = ["rating", "number", "single_choice", "likert"] as const;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * An answer as a number for the evaluation (decision 105), or null: a rating or a number as given; a single
 * choice when the option's value is a number written plainly ("3", "-1", "2.5"); nothing else (text, dates,
 * multiple choices, a choice valued "yes") is compared. A Likert matrix's row is a single choice (decision 110).
 */
export function numericAnswer(question: Pick<SurveyQuestion, "type">, answer: AnswerValue): number | null {
  if (answer === null || Array.isArray(answer)) return null;
  if ((question.type === "rating" || question.type === "number") && typeof answer === "number" && Number.isFinite(answer)) return answer;
  if ((question.type === "single_choice" || question.type === "likert") && typeof answer === "string" && NUMBER_TEXT.test(answer.trim())) return Number(answer.trim());
  return null;
}

/** Whether the evaluation compares a question: a rating, a number, or a single choice whose options are all valued with numbers. */
export function isComparable(question: Pick<SurveyQuestion, "type" | "options">): boolean {
  if (question.type === "rating" || question.type === "number") return true;
  return (question.type === "single_choice" || question.type === "likert") && (question.options ?? []).length > 0 && (question.options ?? []).every((o) => NUMBER_TEXT.test(o.value.trim()));
}
