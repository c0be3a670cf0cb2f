import { DomainError } from "../kernel";
import { isLikert, questionsOf, questionsOfPage, type AnswerValue, type SurveyAudience, type SurveyDefinition, type SurveyPage, type SurveyQuestion } from "./events";
import { LONG_TEXT_MAX, RATING_SCALE_MAX, SHORT_TEXT_MAX } from "./limits";

export { LONG_TEXT_MAX, RATING_SCALE_MAX, SHORT_TEXT_MAX };
export const SURVEY_POINTS_MAX = 10_000;
/** The highest age a survey may let parents answer under (decision 117): parents answer for minors only. */
export const PARENTS_ANSWER_UNDER_MAX = 18;

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
    if (q.type === "single_choice" || q.type === "multiple_choice" || q.type === "likert") {
      const options = q.options ?? [];
      if (options.length === 0) return invalid("pages", `Question '${q.item_code}' is a choice question with no options`);
      if (new Set(options.map((o) => o.value)).size !== options.length) return invalid("pages", `Question '${q.item_code}' has two options with the same value`);
    }
    if (q.type === "rating" && (!Number.isInteger(q.scale) || q.scale! < 2 || q.scale! > RATING_SCALE_MAX)) return invalid("pages", `Question '${q.item_code}' needs a rating scale of 2 to ${RATING_SCALE_MAX}`);
  }
  for (const [i, page] of definition.pages.entries())
    for (const e of page.elements) if (isLikert(e) && e.rows.length === 0) return invalid("pages", `The Likert matrix '${e.text}' on page ${i + 1} needs at least one statement`);
  const condition = checkConditions(definition.pages);
  if (condition) return condition;
  const points = definition.points ?? 0;
  if (!Number.isInteger(points) || points < 0 || points > SURVEY_POINTS_MAX) return invalid("points", `Points must be a whole number from 0 to ${SURVEY_POINTS_MAX}`);
  const under = definition.parentsAnswerUnder ?? null;
  if (under !== null && (!Number.isInteger(under) || under < 1 || under > PARENTS_ANSWER_UNDER_MAX)) return invalid("parents_answer_under", `Parents answer for children under an age from 1 to ${PARENTS_ANSWER_UNDER_MAX}, or leave it empty`);
  const a = definition.audience;
  if (a.ageMin !== null && a.ageMax !== null && a.ageMin > a.ageMax) return invalid("age_max", "Maximum age must be at least the minimum age");
  if (a.startDate && a.endDate && a.startDate > a.endDate) return invalid("end_date", "End date must be on or after the start date");
  return null;
}

/**
 * Conditions (decision 110): a page's condition names a single or multiple choice question on an EARLIER page and
 * one of its options' values. The first page is always shown.
 */
function checkConditions(pages: readonly SurveyPage[]): DomainError | null {
  for (const [i, page] of pages.entries()) {
    const c = page.condition;
    if (!c) continue;
    const where = `Page ${i + 1}'s condition`;
    if (i === 0) return invalid("pages", "The first page is always shown: it cannot have a condition");
    const earlier = questionsOf(pages.slice(0, i));
    const q = earlier.find((x) => x.item_code === c.item_code);
    if (!q) return invalid("pages", questionsOf(pages).some((x) => x.item_code === c.item_code) ? `${where} must name a question on an earlier page, not '${c.item_code}'` : `${where} names '${c.item_code}', which is not a question of this survey`);
    if (q.type !== "single_choice" && q.type !== "multiple_choice") return invalid("pages", `${where} must name a single or multiple choice question; '${c.item_code}' is not one`);
    if (!(q.options ?? []).some((o) => o.value === c.equals)) return invalid("pages", `${where}: '${c.equals}' is not an option of '${c.item_code}'`);
  }
  return null;
}

/** Whether an answer meets a condition: a single choice equal to it, a multiple choice including it. */
const meets = (answer: AnswerValue | undefined, equals: string) => (Array.isArray(answer) ? answer.includes(equals) : answer === equals);

/**
 * Which pages are shown for these answers (decision 110), 1-based: a page with no condition, or whose condition's
 * question is on a shown page and its answer meets it (an answer left on a hidden page does not count).
 */
export function shownPages(pages: readonly SurveyPage[], answers: Record<string, AnswerValue>): number[] {
  const shownCodes = new Set<string>();
  const shown: number[] = [];
  for (const [i, page] of pages.entries()) {
    const c = page.condition;
    if (c && !(shownCodes.has(c.item_code) && meets(answers[c.item_code], c.equals))) continue;
    shown.push(i + 1);
    for (const q of questionsOfPage(page)) shownCodes.add(q.item_code);
  }
  return shown;
}

/** The shown page after (or before) a page, or null when there is none. */
export function nextShownPage(pages: readonly SurveyPage[], answers: Record<string, AnswerValue>, page: number, direction: 1 | -1 = 1): number | null {
  const shown = shownPages(pages, answers);
  const found = direction === 1 ? shown.find((p) => p > page) : [...shown].reverse().find((p) => p < page);
  return found ?? null;
}

/** The page the answering opens on (decision 110): the one asked for when it is shown, else the first shown page after the last saved one, else the last shown page. */
export function pageToShow(pages: readonly SurveyPage[], answers: Record<string, AnswerValue>, lastPage: number, requested: number | null): number {
  const shown = shownPages(pages, answers);
  if (requested !== null && shown.includes(requested)) return requested;
  return shown.find((p) => p > lastPage) ?? shown[shown.length - 1] ?? 1;
}

/** Whether a version keeps every question of the one before (a published survey with answers may not lose one). */
export function droppedQuestions(before: readonly SurveyPage[], after: readonly SurveyPage[]): string[] {
  const kept = new Set(questionsOf(after).map((q) => q.item_code));
  return questionsOf(before)
    .map((q) => q.item_code)
    .filter((code) => !kept.has(code));
}

/** Whether two versions ask the same questions in the same words under the same conditions (then an edit needs no new version). */
export const sameQuestions = (a: readonly SurveyPage[], b: readonly SurveyPage[]) => {
  const asked = (pages: readonly SurveyPage[]) => JSON.stringify([questionsOf(pages), pages.filter((p) => p.condition).map((p) => [questionsOfPage(p).map((q) => q.item_code), p.condition])]);
  return asked(a) === asked(b);
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** One answer against its question; the message names the question's item code. */
export function checkAnswer(q: SurveyQuestion, value: AnswerValue): string | null {
  if (value === null) return null;
  const name = `'${q.item_code}'`;
  switch (q.type) {
    case "single_choice":
    case "likert":
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
  const questions = new Map(questionsOfPage(onPage).map((q) => [q.item_code, q]));
  const all = new Set(questionsOf(pages).map((q) => q.item_code));
  for (const [code, value] of Object.entries(answers)) {
    const q = questions.get(code);
    if (!q) return invalid(`answers.${code}`, all.has(code) ? `Question '${code}' is not on page ${page}` : `Question '${code}' is not in this survey`);
    const problem = checkAnswer(q, value);
    if (problem) return invalid(`answers.${code}`, problem);
  }
  return null;
}

/** The required questions of the shown pages with no answer (checked on submission; a hidden page's are not required). */
export const unansweredRequired = (pages: readonly SurveyPage[], answers: Record<string, AnswerValue>) =>
  questionsOf(shownPages(pages, answers).map((n) => pages[n - 1]!))
    .filter((q) => q.required && (answers[q.item_code] === undefined || answers[q.item_code] === null || answers[q.item_code] === "" || (Array.isArray(answers[q.item_code]) && (answers[q.item_code] as string[]).length === 0)))
    .map((q) => q.item_code);

/** Age in whole years on a day (both YYYY-MM-DD). */
export function ageOn(dob: string, today: string): number {
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** What a member's audience check needs; groupId and programIds as challenges read them (decision 102): the group of the participant's own account, the programs they are registered in. */
export type AudienceMember = { dob: string | null; gender: string | null; groupId?: string | null; programIds?: readonly string[] };

/**
 * Whether a member is in a survey's audience today: the dates, the age range (inclusive), the genders (none listed:
 * all), the user groups (any of them) and the programs (registered in any) as challenges do (decision 111).
 */
export function inAudience(audience: SurveyAudience, member: AudienceMember, today: string): boolean {
  const groups = audience.groupIds ?? [];
  const programs = audience.programIds ?? [];
  if (groups.length > 0 && (!member.groupId || !groups.includes(member.groupId))) return false;
  if (programs.length > 0 && !programs.some((p) => (member.programIds ?? []).includes(p))) return false;
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

/**
 * Whether a parent may answer a survey for their child (decision 117): only when the survey lets parents answer
 * (`parentsAnswerUnder` set) and the child is younger than that age today (a child whose date of birth is not
 * recorded is not known to be younger). Answers the refusal's message, or null when the parent may answer.
 */
export function parentRefusal(parentsAnswerUnder: number | null | undefined, dob: string | null, today: string): string | null {
  const under = parentsAnswerUnder ?? null;
  if (under === null) return "Members answer this survey themselves: it does not let parents answer for their children";
  if (!dob) return `Parents answer this survey only for children under ${under}, and this child's date of birth is not recorded`;
  if (ageOn(dob, today) >= under) return `Parents answer this survey only for children under ${under}: this member answers it themselves`;
  return null;
}
