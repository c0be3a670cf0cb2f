import type { RecordedEvent } from "../../modules/kernel";
import type { CheckInEvent } from "../../modules/check-in/events";
import { defineProjection, type LiveMessageLike } from "../runner";
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
};

/** The check-in board; each change is published (after commit) to the organization's check-in room. */
export const checkInProjection = defineProjection<CheckInTables>({
  name: "check-in",
  tables: ["rm_check_ins"],
  eventTypes: ["MemberCheckedIn", "MemberCheckedOut"],
  async apply(db, events) {
    const messages: LiveMessageLike[] = [];
    for (const event of events as RecordedEvent<CheckInEvent>[]) {
      const d = event.data;
      const at = event.metadata.occurredAt;
      // the changed row comes back from the write itself (RETURNING); a replayed insert reads it
      let row: Row | undefined;
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
          .executeTakeFirst();
      }
      row ??= await db.selectFrom("rm_check_ins").selectAll().where("id", "=", d.checkInId).executeTakeFirst();
      if (row) messages.push({ organizationId: d.organizationId, topic: CHECK_IN_TOPIC, event: CHECK_IN_CHANGED, payload: toBoardRow(row) });
    }
    return messages;
  },
});

type Row = CheckInTables["rm_check_ins"] extends infer T ? { [K in keyof T]: T[K] extends import("kysely").ColumnType<infer S, unknown, unknown> ? S : T[K] } : never;

export function toBoardRow(row: Row): BoardRow {
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
  };
}
