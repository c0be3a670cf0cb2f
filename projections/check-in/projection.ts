import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import type { CheckInEvent } from "../../modules/check-in/events";
import type { AssetRegistered } from "../../modules/uploads";
import { participantPhotoUrl, photoRegisteredAt, type AssetTables } from "../assets";
import { defineProjection, type LiveMessageLike } from "../runner";
import { photoChangedRows } from "./photo-changes";
import type { CheckInTables } from "./tables";

export const CHECK_IN_TOPIC = "check-in";
export const CHECK_IN_CHANGED = "check-in:changed";

/** A board row as /api/check-in and the live event carry it. */
export type BoardRow = {
  id: string;
  participant_id: string;
  member_id: string;
  first_name: string;
  last_name: string;
  full_name: string;
  check_in_time: string;
  check_out_time: string | null;
  pick_up_name: string | null;
  pick_up_contact_number: string | null;
  pick_up_relationship: string | null;
  /** `/api/participant/{id}/photo?v=…`, or null: the member has no photo (docs/decisions/023) */
  photo_url: string | null;
};

/** The board's own table, and the assets read model it reads each member's photo from (never writes). */
type Tables = CheckInTables & AssetTables;
type Db = Kysely<Tables> | Transaction<Tables>;

/**
 * The check-in board; each change is published (after commit) to the organization's check-in room. A
 * member's new photo (AssetRegistered) changes no row here but republishes their recent visits, so an
 * open board shows it at once.
 */
export const checkInProjection = defineProjection<Tables>({
  name: "check-in",
  tables: ["rm_check_ins"],
  eventTypes: ["MemberCheckedIn", "MemberCheckedOut", "AssetRegistered"],
  async apply(db: Db, events) {
    const messages: LiveMessageLike[] = [];
    for (const event of events as RecordedEvent<CheckInEvent | AssetRegistered>[]) {
      if (event.type === "AssetRegistered") {
        const { organizationId } = (event as RecordedEvent<AssetRegistered>).data;
        for (const row of await photoChangedRows(db, event as RecordedEvent<AssetRegistered>)) {
          messages.push({ organizationId, topic: CHECK_IN_TOPIC, event: CHECK_IN_CHANGED, payload: toBoardRow(row, event.metadata.occurredAt) });
        }
        continue;
      }
      const d = event.data;
      const at = event.metadata.occurredAt;
      // the member's photo, read in the same statement: a scalar subquery on rm_assets in the RETURNING
      const photo = photoRegisteredAt(d.organizationId, "rm_check_ins.participant_id").as("photo_registered_at");
      // the changed row comes back from the write itself (RETURNING); a replayed insert reads it
      let row: (Row & { photo_registered_at: Date | null }) | undefined;
      if (event.type === "MemberCheckedIn") {
        row = await db
          .insertInto("rm_check_ins")
          .values({
            id: d.checkInId,
            organization_id: d.organizationId,
            participant_id: d.participantId,
            member_id: d.memberId,
            first_name: d.firstName,
            last_name: d.lastName,
            full_name: `${d.firstName} ${d.lastName}`.trim(),
            check_in_time: event.data.checkInTime,
            source: d.source,
            updated_at: at,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .returningAll()
          .returning(photo)
          .executeTakeFirst();
      } else {
        const out = event.data as Extract<CheckInEvent, { type: "MemberCheckedOut" }>["data"];
        row = await db
          .updateTable("rm_check_ins")
          .set({
            check_out_time: out.checkOutTime,
            pick_up_name: out.pickUpName,
            pick_up_contact_number: out.pickUpContactNumber,
            pick_up_relationship: out.pickUpRelationship,
            updated_at: at,
          })
          .where("id", "=", out.checkInId)
          .returningAll()
          .returning(photo)
          .executeTakeFirst();
      }
      row ??= await db.selectFrom("rm_check_ins").selectAll().select(photo).where("id", "=", d.checkInId).executeTakeFirst();
      if (row) messages.push({ organizationId: d.organizationId, topic: CHECK_IN_TOPIC, event: CHECK_IN_CHANGED, payload: toBoardRow(row, row.photo_registered_at) });
    }
    return messages;
  },
});

export type Row = CheckInTables["rm_check_ins"] extends infer T ? { [K in keyof T]: T[K] extends import("kysely").ColumnType<infer S, unknown, unknown> ? S : T[K] } : never;

/** A visit as the board shows it; `photoRegisteredAt` is when the member's photo was registered (null: none). */
export function toBoardRow(row: Row, photoRegisteredAt: Date | string | null | undefined): BoardRow {
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: row.id,
    participant_id: row.participant_id,
    member_id: row.member_id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    check_in_time: iso(row.check_in_time)!,
    check_out_time: iso(row.check_out_time),
    pick_up_name: row.pick_up_name,
    pick_up_contact_number: row.pick_up_contact_number,
    pick_up_relationship: row.pick_up_relationship,
    photo_url: participantPhotoUrl(row.participant_id, photoRegisteredAt),
  };
}
