import { DomainError } from "../kernel";
import { questionsOfPage, type AnswerValue, type SurveyPage } from "./events";

/**
 * The answering page's form (decision 074) as a page of answers: each question of the page by its item code
 * (a rating or a number as a number, a multiple choice as its values, a Likert statement as its option, a blank as
 * no answer). The decider checks
 * them as it checks the call's.
 */
export function pageAnswersFromForm(pages: readonly SurveyPage[], page: number, form: FormData): Record<string, AnswerValue> {
  const onPage = pages[page - 1];
  if (!onPage) throw new DomainError("VALIDATION", `Page must be from 1 to ${pages.length}`, 400);
  const answers: Record<string, AnswerValue> = {};
  for (const q of questionsOfPage(onPage)) {
    const name = `q.${q.item_code}`;
    if (q.type === "multiple_choice") {
      answers[q.item_code] = form.getAll(name).map(String);
      continue;
    }
    const raw = String(form.get(name) ?? "").trim();
    if (raw === "") answers[q.item_code] = null;
    else if (q.type === "rating" || q.type === "number") answers[q.item_code] = Number.isFinite(Number(raw)) ? Number(raw) : raw;
    else answers[q.item_code] = raw;
  }
  return answers;
}
