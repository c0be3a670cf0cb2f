import type { Kysely, Transaction } from "kysely";
import type { GuardianEvent } from "../../modules/family";
import type { RecordedEvent } from "../../modules/kernel";
import type { ParticipantRegistered, ParticipantUpdated } from "../../modules/participants";
import { defineProjection } from "../runner";
import type { IdentityTables } from "./tables";

type Db = Kysely<IdentityTables> | Transaction<IdentityTables>;
type Event = RecordedEvent<ParticipantRegistered> | RecordedEvent<ParticipantUpdated> | RecordedEvent<GuardianEvent>;

/**
 * The participant's own parent (their `parentId`, set at registration or by an edit) is a guardian unless
 * that pair's latest guardian fact is an unlink; a previous parent of theirs that was never linked on the
 * guardians' stream is one no longer. The same rule as the decider's (modules/family/guardian-state.ts).
 */
async function registeredParent(db: Db, d: { participantId: string; organizationId?: string; parentId: string | null }, at: string, eventOrganizationId: string | null) {
  let stale = db.deleteFrom("rm_guardians").where("participant_id", "=", d.participantId).where("source", "=", "registered");
  if (d.parentId) stale = stale.where("guardian_id", "<>", d.parentId);
  await stale.execute();
  if (!d.parentId) return;
  const unlinked = await db.selectFrom("rm_guardian_unlinks").select("guardian_id").where("participant_id", "=", d.participantId).where("guardian_id", "=", d.parentId).executeTakeFirst();
  if (unlinked) return;
  // an edit carries no organization: its command's (the participant's, as every command on its stream), else a row of theirs
  const organizationId = d.organizationId ?? eventOrganizationId ?? (await db.selectFrom("rm_guardians").select("organization_id").where("participant_id", "=", d.participantId).executeTakeFirst())?.organization_id;
  if (!organizationId) return;
  await db
    .insertInto("rm_guardians")
    .values({ participant_id: d.participantId, guardian_id: d.parentId, organization_id: organizationId, relationship: null, linked_at: at, source: "registered" })
    .onConflict((oc) => oc.columns(["participant_id", "guardian_id"]).doNothing())
    .execute();
}

/**
 * A child's guardians (decision 064): the parent a participant is registered (or edited) with, and every
 * GuardianLinked and GuardianUnlinked of the `guardians-` streams, in order.
 */
export const guardiansProjection = defineProjection<IdentityTables>({
  name: "guardians",
  tables: ["rm_guardians", "rm_guardian_unlinks"],
  eventTypes: ["ParticipantRegistered", "ParticipantUpdated", "GuardianLinked", "GuardianUnlinked"],
  async apply(db, events) {
    for (const event of events as Event[]) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case "ParticipantRegistered":
        case "ParticipantUpdated":
          await registeredParent(db, event.data, at, event.metadata.organizationId);
          break;
        case "GuardianLinked": {
          const d = event.data;
          await db.deleteFrom("rm_guardian_unlinks").where("participant_id", "=", d.participantId).where("guardian_id", "=", d.guardianId).execute();
          await db
            .insertInto("rm_guardians")
            .values({ participant_id: d.participantId, guardian_id: d.guardianId, organization_id: d.organizationId, relationship: d.relationship, linked_at: at, source: "linked" })
            .onConflict((oc) => oc.columns(["participant_id", "guardian_id"]).doUpdateSet({ relationship: d.relationship, source: "linked" }))
            .execute();
          break;
        }
        case "GuardianUnlinked": {
          const d = event.data;
          await db.deleteFrom("rm_guardians").where("participant_id", "=", d.participantId).where("guardian_id", "=", d.guardianId).execute();
          await db
            .insertInto("rm_guardian_unlinks")
            .values({ participant_id: d.participantId, guardian_id: d.guardianId })
            .onConflict((oc) => oc.columns(["participant_id", "guardian_id"]).doNothing())
            .execute();
          break;
        }
      }
    }
  },
});
