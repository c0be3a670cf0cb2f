import type { Kysely, Transaction } from "kysely";
import { ANNOUNCEMENT_EVENT_TYPES, isAnnouncementEvent, type AnnouncementEvent } from "../../modules/communications";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { AnnouncementTables } from "./tables";

type Db = Kysely<AnnouncementTables> | Transaction<AnnouncementTables>;

async function applyEvent(db: Db, event: RecordedEvent<AnnouncementEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "AnnouncementSaved": {
      const d = event.data;
      const row = { kind: d.kind, subject: d.subject, body: d.body, audience: JSON.stringify(d.audience), channels: d.channels, attachments: JSON.stringify(d.attachments ?? []), status: "draft", updated_at: at };
      await db
        .insertInto("rm_announcements")
        .values({ id: d.announcementId, organization_id: d.organizationId, author_id: d.authorId, created_at: at, ...row })
        .onConflict((oc) => oc.column("id").doUpdateSet(row))
        .execute();
      return;
    }
    case "AnnouncementSendRequested":
      await db
        .updateTable("rm_announcements")
        .set({ status: event.data.scheduled ? "scheduled" : "sending", send_at: event.data.sendAt, updated_at: at })
        .where("id", "=", event.data.announcementId)
        .execute();
      return;
    case "AnnouncementFannedOut":
      await db
        .updateTable("rm_announcements")
        .set({ status: "sent", sent_at: at, recipient_count: event.data.recipientCount, delivery_count: event.data.deliveryCount, updated_at: at })
        .where("id", "=", event.data.announcementId)
        .where("status", "!=", "retracted")
        .execute();
      return;
    case "AnnouncementRetracted":
      await db
        .updateTable("rm_announcements")
        .set({ status: "retracted", retract_reason: event.data.reason, retracted_by: event.data.retractedBy, retracted_at: at, updated_at: at })
        .where("id", "=", event.data.announcementId)
        .execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** /communications' list and detail (decision 088). */
export const announcementsProjection = defineProjection<AnnouncementTables>({
  name: "announcements",
  tables: ["rm_announcements"],
  eventTypes: ANNOUNCEMENT_EVENT_TYPES,
  async apply(db, events) {
    for (const event of events) if (isAnnouncementEvent(event)) await applyEvent(db, event as RecordedEvent<AnnouncementEvent>);
    return [];
  },
});
