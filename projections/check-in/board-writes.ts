import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import type { CheckInEvent } from "../../modules/check-in";
import { PHOTO_ENTITY, PHOTO_PROPERTY, type AssetTables } from "../assets";
import type { CheckInTables } from "./tables";
import type { Row } from "./projection";

type Db = Kysely<CheckInTables & AssetTables> | Transaction<CheckInTables & AssetTables>;
type CheckedIn = RecordedEvent<Extract<CheckInEvent, { type: "MemberCheckedIn" }>>;
type CheckedOut = RecordedEvent<Extract<CheckInEvent, { type: "MemberCheckedOut" }>>;
export type WrittenRow = Row & { photo_registered_at: Date | null };

/** The member's photo version (docs/decisions/023), read in the write's own RETURNING: no round trip of its own. */
const photo = sql`(select a.updated_at from rm_assets a
   where a.organization_id = rm_check_ins.organization_id::text and a.entity = ${PHOTO_ENTITY}
     and a.property = ${PHOTO_PROPERTY} and a.entity_id = rm_check_ins.participant_id::text) as photo_registered_at`;

/**
 * The visits of a run of check-ins, written by ONE insert (a projector batch holds the check-ins of many
 * requests); a visit stored already (a replayed batch) is left as it is and read back. Keyed by visit id.
 */
export async function insertVisits(db: Db, events: CheckedIn[]): Promise<Map<string, WrittenRow>> {
  const col = <T>(pick: (e: CheckedIn) => T) => events.map(pick);
  const { rows } = await sql<WrittenRow>`
    insert into rm_check_ins (id, organization_id, participant_id, member_id, first_name, last_name, full_name, check_in_time, source, security_code, updated_at)
    select * from unnest(${col((e) => e.data.checkInId)}::uuid[], ${col((e) => e.data.organizationId)}::uuid[], ${col((e) => e.data.participantId)}::uuid[],
      ${col((e) => e.data.memberId)}::text[], ${col((e) => e.data.firstName)}::text[], ${col((e) => e.data.lastName)}::text[],
      ${col((e) => `${e.data.firstName} ${e.data.lastName}`.trim())}::text[], ${col((e) => e.data.checkInTime)}::timestamptz[],
      ${col((e) => e.data.source)}::text[], ${col((e) => e.data.securityCode ?? null)}::text[], ${col((e) => e.metadata.occurredAt)}::timestamptz[])
    on conflict (id) do nothing
    returning rm_check_ins.*, ${photo}`.execute(db);
  const written = new Map(rows.map((r) => [r.id, r]));
  const missing = events.map((e) => e.data.checkInId).filter((id) => !written.has(id));
  if (missing.length > 0) for (const row of await visitsById(db, missing)) written.set(row.id, row);
  return written;
}

/** The check-outs of a run, written by ONE update; keyed by visit id (a visit not on the board is absent). */
export async function checkOutVisits(db: Db, events: CheckedOut[]): Promise<Map<string, WrittenRow>> {
  const col = <T>(pick: (e: CheckedOut) => T) => events.map(pick);
  const { rows } = await sql<WrittenRow>`
    update rm_check_ins set check_out_time = v.check_out_time, pick_up_name = v.pick_up_name,
           pick_up_contact_number = v.pick_up_contact_number, pick_up_relationship = v.pick_up_relationship, updated_at = v.updated_at
      from unnest(${col((e) => e.data.checkInId)}::uuid[], ${col((e) => e.data.checkOutTime)}::timestamptz[], ${col((e) => e.data.pickUpName)}::text[],
                  ${col((e) => e.data.pickUpContactNumber)}::text[], ${col((e) => e.data.pickUpRelationship)}::text[], ${col((e) => e.metadata.occurredAt)}::timestamptz[])
           as v (id, check_out_time, pick_up_name, pick_up_contact_number, pick_up_relationship, updated_at)
     where rm_check_ins.id = v.id
    returning rm_check_ins.*, ${photo}`.execute(db);
  return new Map(rows.map((r) => [r.id, r]));
}

async function visitsById(db: Db, ids: string[]): Promise<WrittenRow[]> {
  const { rows } = await sql<WrittenRow>`select rm_check_ins.*, ${photo} from rm_check_ins where id = any(${ids}::uuid[])`.execute(db);
  return rows;
}
