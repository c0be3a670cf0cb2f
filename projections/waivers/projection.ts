import type { RecordedEvent } from "../../modules/kernel";
import type { WaiverSigned } from "../../modules/participants";
import { defineProjection } from "../runner";
import type { WaiverTables } from "./tables";

/**
 * Signed waivers: one row per participant, written once (a second delivery changes nothing; a new waiver
 * period would be an event of its own). A new projection: it builds itself from the start of the store.
 */
export const waiversProjection = defineProjection<WaiverTables>({
  name: "waivers",
  tables: ["rm_waivers"],
  eventTypes: ["WaiverSigned"],
  async apply(db, events) {
    for (const event of events as RecordedEvent<WaiverSigned>[]) {
      const d = event.data;
      await db
        .insertInto("rm_waivers")
        .values({
          participant_id: d.participantId,
          signed_by_name: d.signedByName,
          signed_at: d.signedAt,
          ip: d.ip,
          waiver_version: d.waiverVersion ?? null,
          signed_by_user_id: event.metadata.actorId,
        })
        .onConflict((oc) => oc.column("participant_id").doNothing())
        .execute();
    }
  },
});
