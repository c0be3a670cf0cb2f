import type { Kysely, Transaction } from "kysely";
import { applyFieldPolicy } from "../../modules/identity";
import type { RecordedEvent } from "../../modules/kernel";
import type { CheckInEvent } from "../../modules/check-in";
import type { AssetRegistered } from "../../modules/uploads";
import { participantPhotoUrl, type AssetTables } from "../assets";
import { defineProjection, type LiveMessageLike } from "../runner";
import { photoChangedRows } from "./photo-changes";
import { checkOutVisits, insertVisits } from "./board-writes";
import { rebuildCheckInsInSql } from "./rebuild-sql";
import type { CheckInTables } from "./tables";

/** The board's live topic for staff: rows as staff see them. */
export const CHECK_IN_TOPIC = "check-in";
/** The kiosk's: rows as the kiosk sees them, without the pick-up details (decision 027); flag states as on CHECK_IN_TOPIC. */
export const CHECK_IN_KIOSK_TOPIC = "check-in-kiosk";
export const CHECK_IN_CHANGED = "check-in:changed";

/** A board row's live messages: the whole row to staff, the kiosk's view of it to the kiosk. */
function rowMessages(organizationId: string, row: BoardRow): LiveMessageLike[] {
  return [
    { organizationId, topic: CHECK_IN_TOPIC, event: CHECK_IN_CHANGED, payload: row },
    { organizationId, topic: CHECK_IN_KIOSK_TOPIC, event: CHECK_IN_CHANGED, payload: applyFieldPolicy("kiosk", row) },
  ];
}

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
  /** the visit's security code, on the child's name tag and the adult's claim tag (docs/decisions/036); staff only */
  security_code: string | null;
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
    const list = events as RecordedEvent<CheckInEvent | AssetRegistered>[];
    // runs of check-ins, or of check-outs, are written by one statement each, in the order of the events
    for (let i = 0; i < list.length; ) {
      const event = list[i]!;
      if (event.type === "AssetRegistered") {
        const { organizationId } = (event as RecordedEvent<AssetRegistered>).data;
        for (const row of await photoChangedRows(db, event as RecordedEvent<AssetRegistered>)) {
          messages.push(...rowMessages(organizationId, toBoardRow(row, event.metadata.occurredAt)));
        }
        i++;
        continue;
      }
      let end = i;
      while (end < list.length && list[end]!.type === event.type) end++;
      const run = list.slice(i, end) as RecordedEvent<CheckInEvent>[];
      const written =
        event.type === "MemberCheckedIn"
          ? await insertVisits(db, run as Parameters<typeof insertVisits>[1])
          : await checkOutVisits(db, run as Parameters<typeof checkOutVisits>[1]);
      for (const e of run) {
        const row = written.get(e.data.checkInId);
        if (row) messages.push(...rowMessages(e.data.organizationId, toBoardRow(row, row.photo_registered_at)));
      }
      i = end;
    }
    return messages;
  },
  // a rebuild on PostgreSQL: the same rows, computed in the database (decision 122)
  rebuildInSql: rebuildCheckInsInSql,
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
    security_code: row.security_code ?? null,
    photo_url: participantPhotoUrl(row.participant_id, photoRegisteredAt),
  };
}
