import type { Kysely, Transaction } from "kysely";
import type { GuardianEvent } from "../../modules/family";
import type { RecordedEvent } from "../../modules/kernel";
import type { ParticipantRegistered } from "../../modules/participants";
import { defineProjection } from "../runner";
import type { IdentityTables } from "./tables";

type Db = Kysely<IdentityTables> | Transaction<IdentityTables>;
type Event = RecordedEvent<ParticipantRegistered> | RecordedEvent<GuardianEvent>;

async function link(db: Db, row: { participant_id: string; guardian_id: string; organization_id: string; relationship: string | null; linked_at: string }) {
  await db.insertInto("rm_guardians").values(row).onConflict((oc) => oc.columns(["participant_id", "guardian_id"]).doNothing()).execute();
}

/**
 * A child's guardians (decision 064): the parent a participant is registered with, then every
 * GuardianLinked and GuardianUnlinked of the `guardians-` streams, in order.
 */
export const guardiansProjection = defineProjection<IdentityTables>({
  name: "guardians",
  tables: ["rm_guardians"],
  eventTypes: ["ParticipantRegistered", "GuardianLinked", "GuardianUnlinked"],
  async apply(db, events) {
    for (const event of events as Event[]) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case "ParticipantRegistered": {
          const d = event.data;
          if (d.parentId) await link(db, { participant_id: d.participantId, guardian_id: d.parentId, organization_id: d.organizationId, relationship: null, linked_at: at });
          break;
        }
        case "GuardianLinked": {
          const d = event.data;
          await link(db, { participant_id: d.participantId, guardian_id: d.guardianId, organization_id: d.organizationId, relationship: d.relationship, linked_at: at });
          break;
        }
        case "GuardianUnlinked":
          await db.deleteFrom("rm_guardians").where("participant_id", "=", event.data.participantId).where("guardian_id", "=", event.data.guardianId).execute();
          break;
      }
    }
  },
});
