import { sql, type Kysely, type Transaction } from "kysely";
import { CHALLENGE_EVENT_TYPES, isChallengeEvent, type AnyChallengeEvent, type ChallengeFields } from "../../modules/challenges";
import type { RecordedEvent } from "../../modules/kernel";
import type { ReadModels } from "../read-models";
import { defineProjection } from "../runner";
import { liveMessagesOf, type Touched } from "./live-messages";
import type { ChallengeTables } from "./tables";

type Db = Kysely<ChallengeTables> | Transaction<ChallengeTables>;

const columnsOf = (f: ChallengeFields) => ({
  title: f.title,
  description: f.description,
  image: f.image,
  starts_on: f.startsOn,
  ends_on: f.endsOn,
  audience: JSON.stringify(f.audience),
  points: f.points,
  rule_kind: f.rule.kind,
  survey_id: f.rule.kind === "survey" ? f.rule.surveyId : null,
  program_id: f.rule.kind === "attendance" ? f.rule.programId : null,
  sessions_needed: f.rule.kind === "attendance" ? f.rule.sessions : null,
});

async function applyEvent(db: Db, event: RecordedEvent<AnyChallengeEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "ChallengeCreated":
    case "ChallengeUpdated": {
      const d = event.data;
      const columns = { ...columnsOf(d), updated_at: at };
      await db
        .insertInto("rm_challenges")
        .values({ id: d.challengeId, organization_id: d.organizationId, archived: false, completions: 0, created_by: "createdBy" in d ? d.createdBy : null, created_at: at, ...columns })
        .onConflict((oc) => oc.column("id").doUpdateSet(columns))
        .execute();
      return;
    }
    case "ChallengeArchived":
      await db.updateTable("rm_challenges").set({ archived: true, updated_at: at }).where("id", "=", event.data.challengeId).execute();
      return;
    case "ChallengeProgressRecorded": {
      const d = event.data;
      await db
        .insertInto("rm_challenge_progress")
        .values({ challenge_id: d.challengeId, participant_id: d.participantId, organization_id: d.organizationId, sessions: d.count, updated_at: at })
        .onConflict((oc) => oc.columns(["challenge_id", "participant_id"]).doUpdateSet({ sessions: d.count, updated_at: at }))
        .execute();
      return;
    }
    case "ChallengeCompleted": {
      const d = event.data;
      const done = { completed_at: at, completed_how: d.how, completed_by: d.completedBy, updated_at: at };
      const row = await db
        .insertInto("rm_challenge_progress")
        .values({ challenge_id: d.challengeId, participant_id: d.participantId, organization_id: d.organizationId, sessions: 0, ...done })
        .onConflict((oc) => oc.columns(["challenge_id", "participant_id"]).doUpdateSet(done).where("rm_challenge_progress.completed_at", "is", null))
        .returning("challenge_id")
        .executeTakeFirst();
      if (row) await db.updateTable("rm_challenges").set({ completions: sql<number>`completions + 1` as unknown as number }).where("id", "=", d.challengeId).execute();
      return;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The challenges and every member's progress in them; live (decision 112): staff's topic, and each member's own. */
export const challengesProjection = defineProjection<ChallengeTables>({
  name: "challenges",
  tables: ["rm_challenges", "rm_challenge_progress"],
  eventTypes: CHALLENGE_EVENT_TYPES,
  async apply(db, events) {
    const touched: Touched[] = [];
    for (const event of events) {
      if (!isChallengeEvent(event)) continue;
      const e = event as RecordedEvent<AnyChallengeEvent>;
      await applyEvent(db, e);
      touched.push({ organizationId: e.data.organizationId, challengeId: e.data.challengeId, participantId: "participantId" in e.data ? e.data.participantId : null });
    }
    return liveMessagesOf(db as unknown as Kysely<ReadModels>, touched);
  },
});
