import { DomainError } from "../kernel";
import { isQuestion, questionsOf, type AnswerValue, type SurveyAudience, type SurveyDefinition, type SurveyPage, type SurveyQuestion } from "./events";
import { LONG_TEXT_MAX, RATING_SCALE_MAX, SHORT_TEXT_MAX } from "./limits";

export { LONG_TEXT_MAX, RATING_SCALE_MAX, SHORT_TEXT_MAX };

const invalid = (field: string, message: string) => new DomainError("VALIDATION", message, 400, { fieldErrors: { [field]: [message] } });

/**
 * A survey's definition as a whole (decision 074): at least one question, every choice question with
 * options (values unique), a rating scale of 2..10, item codes unique in the survey, the age range and the
 * dates the right way round. The shapes themselves are the schema's (schema.ts).
 */
export function checkDefinition(definition: SurveyDefinition): DomainError | null {
  const questions = questionsOf(definition.pages);
  if (questions.length === 0) return invalid("pages", "A survey needs at least one question");
  const seen = new Set<string>();
  for (const q of questions) {
    if (seen.has(q.item_code)) return invalid("pages", `Item code '${q.item_code}' is used twice; item codes must be unique in a survey`);
    seen.add(q.item_code);
    if (q.type === "single_choice" || q.type === "multiple_choice") {
      const options = q.options ?? [];
      if (options.length === 0) return invalid("pages", `Question '${q.item_code}' is a choice question with no options`);
      if (new Set(options.map((o) => o.value)).size !== options.length) return invalid("pages", `Question '${q.item_code}' has two options with the same value`);
    }
    if (q.type === "rating" && (!Number.isInteger(q.scale) || q.scale! < 2 || q.scale! > RATING_SCALE_MAX)) return invalid("pages", `Question '${q.item_code}' needs a rating scale of 2 to ${RATING_SCALE_MAX}`);
  }
  const a = definition.audience;
  if (a.ageMin !== null && a.ageMax !== null && a.ageMin > a.ageMax) return invalid("age_max", "Maximum age must be at least the minimum age");
  if (a.startDate && a.endDate && a.startDate > a.endDate) return invalid("end_date", "End date must be on or after the start date");
  return null;
}

/** Whether a version keeps every question of the one before (a published survey with answers may not lose one). */
export function droppedQuestions(before: readonly SurveyPage[], after: readonly SurveyPage[]): string[] {
  const kept = new Set(questionsOf(after).map((q) => q.item_code));
  return questionsOf(before)
    .map((q) => q.item_code)
    .filter((code) => !kept.has(code));
}

/** Whether two versions ask the same questions in the same words (then an edit needs no new version). */
export const sameQuestions = (a: readonly SurveyPage[], b: readonly SurveyPage[]) => JSON.stringify(questionsOf(a)) === JSON.stringify(questionsOf(b));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** One answer against its question; the message names the question's item code. */
export function checkAnswer(q: SurveyQuestion, value: AnswerValue): string | null {
  if (value === null) return null;
  const name = `'${q.item_code}'`;
  switch (q.type) {
    case "single_choice":
      if (typeof value !== "string") return `Answer to ${name} must be one of its options`;
      return (q.options ?? []).some((o) => o.value === value) ? null : `Answer to ${name} is not one of its options`;
    case "multiple_choice":
      if (!Array.isArray(value)) return `Answer to ${name} must be a list of its options`;
      if (!value.every((v) => (q.options ?? []).some((o) => o.value === v))) return `Answer to ${name} is not one of its options`;
      return new Set(value).size === value.length ? null : `Answer to ${name} names an option twice`;
    case "rating":
      return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= (q.scale ?? 5) ? null : `Answer to ${name} must be a whole number from 1 to ${q.scale ?? 5}`;
    case "short_text":
    case "long_text": {
      if (typeof value !== "string") return `Answer to ${name} must be text`;
      const max = q.type === "short_text" ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      return value.length <= max ? null : `Answer to ${name} must be at most ${max} characters`;
    }
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : `Answer to ${name} must be a number`;
    case "date":
      return typeof value === "string" && validDate(value) ? null : `Answer to ${name} must be a date like 2026-05-30`;
    default: {
      const never: never = q.type;
      return never;
    }
  }
}

/** A page's answers against the version's questions on that page: unknown or misplaced item codes and wrong types are 400s naming them. */
export function checkPageAnswers(pages: readonly SurveyPage[], page: number, answers: Record<string, AnswerValue>): DomainError | null {
  const onPage = pages[page - 1];
  if (!onPage) return invalid("page", `Page must be from 1 to ${pages.length}`);
  const questions = new Map(onPage.elements.filter(isQuestion).map((q) => [q.item_code, q]));
  const all = new Set(questionsOf(pages).map((q) => q.item_code));
  for (const [code, value] of Object.entries(answers)) {
    const q = questions.get(code);
    if (!q) return invalid(`answers.${code}`, all.has(code) ? `Question '${code}' is not on page ${page}` : `Question '${code}' is not in this survey`);
    const problem = checkAnswer(q, value);
    if (problem) return invalid(`answers.${code}`, problem);
  }
  return null;
}

/** The required questions with no answer (checked on submission). */
export const unansweredRequired = (pages: readonly SurveyPage[], answers: Record<string, AnswerValue>) =>
  questionsOf(pages)
    .filter((q) => q.required && (answers[q.item_code] === undefined || answers[q.item_code] === null || answers[q.item_code] === "" || (Array.isArray(answers[q.item_code]) && (answers[q.item_code] as string[]).length === 0)))
    .map((q) => q.item_code);

/** Age in whole years on a day (both YYYY-MM-DD). */
export function ageOn(dob: string, today: string): number {
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Whether a member is in a survey's audience today: the dates, the age range (inclusive), the genders (none listed: all). */
export function inAudience(audience: SurveyAudience, member: { dob: string | null; gender: string | null }, today: string): boolean {
  if (audience.startDate && today < audience.startDate) return false;
  if (audience.endDate && today > audience.endDate) return false;
  if (audience.ageMin !== null || audience.ageMax !== null) {
    if (!member.dob) return false;
    const age = ageOn(member.dob, today);
    if (audience.ageMin !== null && age < audience.ageMin) return false;
    if (audience.ageMax !== null && age > audience.ageMax) return false;
  }
  if (audience.genders.length > 0 && !audience.genders.includes(member.gender ?? "")) return false;
  return true;
}
