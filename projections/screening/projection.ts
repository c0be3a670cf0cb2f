import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { SCREENING_EVENT_TYPES, isScreeningEvent, type ScreeningEvent } from "../../modules/screening";
import { defineProjection, type LiveMessageLike } from "../runner";
import type { ScreeningTables } from "./tables";

type Db = Kysely<ScreeningTables> | Transaction<ScreeningTables>;

/** The live topic the board follows to show who has not screened today. */
export const SCREENING_TOPIC = "screening";
export const SCREENING_CHANGED = "screening:changed";
export type ScreeningChange = { participant_id: string; day: string; status: "Filled" | "Declined"; failed: boolean };

async function applyEvent(db: Db, event: RecordedEvent<ScreeningEvent>): Promise<LiveMessageLike | null> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "ScreeningQuestionsSet": {
      const questions = JSON.stringify(event.data.questions);
      await db
        .insertInto("rm_screening_questions")
        .values({ organization_id: event.data.organizationId, questions, updated_at: at })
        .onConflict((oc) => oc.column("organization_id").doUpdateSet({ questions, updated_at: at }))
        .execute();
      return null;
    }
    case "DailyScreeningFilled": {
      const d = event.data;
      const row = { status: "Filled" as const, failed: d.failed, answers: JSON.stringify(d.answers), by_user: d.filledBy, on_behalf: d.onBehalf, at };
      await db
        .insertInto("rm_daily_screenings")
        .values({ participant_id: d.participantId, day: d.day, organization_id: d.organizationId, ...row })
        .onConflict((oc) => oc.columns(["participant_id", "day"]).doUpdateSet(row))
        .execute();
      return { organizationId: d.organizationId, topic: SCREENING_TOPIC, event: SCREENING_CHANGED, payload: { participant_id: d.participantId, day: d.day, status: "Filled", failed: d.failed } satisfies ScreeningChange };
    }
    case "DailyScreeningDeclined": {
      const d = event.data;
      // a decline never replaces a fill (the stream refuses it; a replay must not either)
      await db
        .insertInto("rm_daily_screenings")
        .values({ participant_id: d.participantId, day: d.day, organization_id: d.organizationId, status: "Declined", failed: false, answers: "[]", by_user: d.declinedBy, on_behalf: false, at })
        .onConflict((oc) => oc.columns(["participant_id", "day"]).doNothing())
        .execute();
      return { organizationId: d.organizationId, topic: SCREENING_TOPIC, event: SCREENING_CHANGED, payload: { participant_id: d.participantId, day: d.day, status: "Declined", failed: false } satisfies ScreeningChange };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Questions per organization (replaced) and one row per participant and day (a fill wins over a decline). */
export const screeningProjection = defineProjection<ScreeningTables>({
  name: "screening",
  tables: ["rm_screening_questions", "rm_daily_screenings"],
  eventTypes: SCREENING_EVENT_TYPES,
  async apply(db, events) {
    const messages: LiveMessageLike[] = [];
    for (const event of events) {
      if (!isScreeningEvent(event)) continue;
      const message = await applyEvent(db, event as RecordedEvent<ScreeningEvent>);
      if (message) messages.push(message);
    }
    return messages;
  },
});
