import { sql, type Kysely, type Transaction } from "kysely";
import { SURVEY_EVENT_TYPES, isSurveyEvent, type SurveyEvent, type SurveyResponseEvent } from "../../modules/surveys";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { SurveyTables } from "./tables";
import { saveAnswerValues, type QuestionCache } from "./answer-values";
import { countSavedAnswers, RollupChanges, scorePair, scoreSavedAnswers } from "./rollups";

type Db = Kysely<SurveyTables> | Transaction<SurveyTables>;

async function saveVersion(db: Db, surveyId: string, version: number, pages: unknown) {
  await db
    .insertInto("rm_survey_versions")
    .values({ survey_id: surveyId, version, pages: JSON.stringify(pages) })
    .onConflict((oc) => oc.columns(["survey_id", "version"]).doUpdateSet({ pages: JSON.stringify(pages) }))
    .execute();
}

async function applyEvent(db: Db, event: RecordedEvent<SurveyEvent | SurveyResponseEvent>, cache: QuestionCache, changes: RollupChanges): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "SurveyCreated":
    case "SurveyUpdated": {
      const d = event.data;
      const fields = {
        name: d.name,
        description: d.description,
        version: d.version,
        age_min: d.audience.ageMin,
        age_max: d.audience.ageMax,
        genders: JSON.stringify(d.audience.genders),
        start_date: d.audience.startDate,
        end_date: d.audience.endDate,
        group_ids: JSON.stringify(d.audience.groupIds ?? []),
        program_ids: JSON.stringify(d.audience.programIds ?? []),
        points: d.points ?? 0,
        image: d.image ?? null,
        parents_answer_under: d.parentsAnswerUnder ?? null,
      };
      if (event.type === "SurveyCreated") {
        await db
          .insertInto("rm_surveys")
          .values({ id: d.surveyId, organization_id: event.data.organizationId, status: "Draft", created_at: at, published_at: null, closed_at: null, pairs_with: null, ...fields })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
      } else {
        await db.updateTable("rm_surveys").set(fields).where("id", "=", d.surveyId).execute();
      }
      await saveVersion(db, d.surveyId, d.version, d.pages);
      cache.delete(`${d.surveyId}:${d.version}`);
      return;
    }
    case "SurveyPublished":
      await db.updateTable("rm_surveys").set({ status: "Published", published_at: at }).where("id", "=", event.data.surveyId).execute();
      return;
    case "SurveyClosed":
      await db.updateTable("rm_surveys").set({ status: "Closed", closed_at: at }).where("id", "=", event.data.surveyId).execute();
      return;
    case "SurveyPaired":
      await db.updateTable("rm_surveys").set({ pairs_with: event.data.pairsWith }).where("id", "=", event.data.surveyId).execute();
      await changes.flush(db); // the pair is recomputed from its scores: the batch's changes to its sums are written first
      await scorePair(db, event.data.surveyId, event.data.pairsWith);
      return;
    case "SurveyAnswersSaved": {
      const d = event.data;
      await countSavedAnswers(db, changes, d); // before the response's row is merged: it reads the answers replaced
      await saveAnswerValues(db, cache, d);
      const answers = JSON.stringify(d.answers);
      await db
        .insertInto("rm_survey_responses")
        .values({
          survey_id: d.surveyId,
          participant_id: d.participantId,
          organization_id: d.organizationId,
          version: d.version,
          answers: sql<string>`jsonb_strip_nulls(${answers}::jsonb)` as unknown as string,
          last_page: d.page,
          completed: false,
          started_at: at,
          updated_at: at,
          completed_at: null,
        })
        .onConflict((oc) =>
          oc.columns(["survey_id", "participant_id"]).doUpdateSet({
            answers: sql<string>`jsonb_strip_nulls(rm_survey_responses.answers || ${answers}::jsonb)` as unknown as string,
            last_page: sql<number>`greatest(rm_survey_responses.last_page, ${d.page}::int)` as unknown as number,
            updated_at: at,
          }),
        )
        .execute();
      await scoreSavedAnswers(db, changes, d);
      return;
    }
    case "SurveyResponseSubmitted":
      await db.updateTable("rm_survey_responses").set({ completed: true, completed_at: at, updated_at: at }).where("survey_id", "=", event.data.surveyId).where("participant_id", "=", event.data.participantId).execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The surveys, their versions' pages and the members' responses (answers merged page by page). */
export const surveysProjection = defineProjection<SurveyTables>({
  name: "surveys",
  tables: ["rm_surveys", "rm_survey_versions", "rm_survey_responses", "rm_survey_answer_values", "rm_survey_answer_counts", "rm_survey_pair_scores", "rm_survey_pair_members", "rm_survey_pair_summary"],
  eventTypes: SURVEY_EVENT_TYPES,
  async apply(db, events) {
    const cache: QuestionCache = new Map();
    const changes = new RollupChanges(); // the counts' and the pairs' sums' changes, written once per batch (decision 123)
    for (const event of events) if (isSurveyEvent(event)) await applyEvent(db, event as RecordedEvent<SurveyEvent | SurveyResponseEvent>, cache, changes);
    await changes.flush(db);
    return [];
  },
});
