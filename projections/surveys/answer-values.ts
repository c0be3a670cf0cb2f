import type { Kysely, Transaction } from "kysely";
import { numericAnswer, questionsOf, type SurveyAnswersSavedData, type SurveyPage, type SurveyQuestion } from "../../modules/surveys";
import type { SurveyTables } from "./tables";

type Db = Kysely<SurveyTables> | Transaction<SurveyTables>;

/** A survey version's questions by item code, read once per batch (a batch of answers is mostly one survey's). */
export type QuestionCache = Map<string, Map<string, SurveyQuestion>>;

async function questionsFor(db: Db, cache: QuestionCache, surveyId: string, version: number) {
  const key = `${surveyId}:${version}`;
  let found = cache.get(key);
  if (!found) {
    const row = await db.selectFrom("rm_survey_versions").select("pages").where("survey_id", "=", surveyId).where("version", "=", version).executeTakeFirst();
    found = new Map(questionsOf((row?.pages ?? []) as SurveyPage[]).map((q) => [q.item_code, q]));
    cache.set(key, found);
  }
  return found;
}

/**
 * The rollup of a saved page's numeric answers (decision 105): a rating, a number, or a single choice whose
 * value is a number is upserted; an answer cleared (null) is removed. Other answers are not in the rollup.
 */
export async function saveAnswerValues(db: Db, cache: QuestionCache, d: SurveyAnswersSavedData): Promise<void> {
  const questions = await questionsFor(db, cache, d.surveyId, d.version);
  const upserts: { survey_id: string; participant_id: string; item_code: string; organization_id: string; value: number }[] = [];
  const cleared: string[] = [];
  for (const [code, answer] of Object.entries(d.answers)) {
    const question = questions.get(code);
    if (!question) continue;
    const value = answer === null ? null : numericAnswer(question, answer);
    if (value === null) cleared.push(code);
    else upserts.push({ survey_id: d.surveyId, participant_id: d.participantId, item_code: code, organization_id: d.organizationId, value });
  }
  if (cleared.length) await db.deleteFrom("rm_survey_answer_values").where("survey_id", "=", d.surveyId).where("participant_id", "=", d.participantId).where("item_code", "in", cleared).execute();
  if (upserts.length) {
    await db
      .insertInto("rm_survey_answer_values")
      .values(upserts)
      .onConflict((oc) => oc.columns(["survey_id", "participant_id", "item_code"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
      .execute();
  }
}
