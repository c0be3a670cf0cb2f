import type { RecordedEvent } from "../../modules/kernel";
import type { WaiverSigned, WaiverVersionPublished } from "../../modules/participants";
import { defineProjection } from "../runner";
import type { WaiverTables } from "./tables";

/**
 * Signed waivers: one row per participant, its newest signature (a new signature of a newer version
 * replaces an older one: decision 100; a second delivery changes nothing). And the organizations' published
 * waiver texts, one row per version.
 */
export const waiversProjection = defineProjection<WaiverTables>({
  name: "waivers",
  tables: ["rm_waivers", "rm_waiver_versions"],
  eventTypes: ["WaiverSigned", "WaiverVersionPublished"],
  async apply(db, events) {
    for (const event of events as RecordedEvent<WaiverSigned | WaiverVersionPublished>[]) {
      if (event.type === "WaiverVersionPublished") {
        const v = event.data;
        await db
          .insertInto("rm_waiver_versions")
          .values({ organization_id: v.organizationId, version_id: v.versionId, title: v.title, body: v.body, effective_from: v.effectiveFrom, published_by: v.publishedBy })
          .onConflict((oc) => oc.columns(["organization_id", "version_id"]).doNothing())
          .execute();
        continue;
      }
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
        .onConflict((oc) =>
          oc
            .column("participant_id")
            .doUpdateSet((eb) => ({
              signed_by_name: eb.ref("excluded.signed_by_name"),
              signed_at: eb.ref("excluded.signed_at"),
              ip: eb.ref("excluded.ip"),
              waiver_version: eb.ref("excluded.waiver_version"),
              signed_by_user_id: eb.ref("excluded.signed_by_user_id"),
            }))
            .whereRef("rm_waivers.signed_at", "<", "excluded.signed_at"),
        )
        .execute();
    }
  },
});
