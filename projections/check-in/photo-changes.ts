import type { Kysely, Transaction } from "kysely";
import { MAX_DAY_MS } from "../../modules/check-in";
import { isUuid, type RecordedEvent } from "../../modules/kernel";
import type { AssetRegistered } from "../../modules/uploads";
import { PHOTO_ENTITY, PHOTO_PROPERTY, type AssetTables } from "../assets";
import type { CheckInTables } from "./tables";

/**
 * How far back a new photo reaches: a board shows one day, and a day spans at most 48 hours. Read when
 * called, not when this file loads: modules/check-in's index reaches this file through its service (an
 * import cycle), and a process that loads that index first (the demo seed does) would read it unset.
 */
const recentMs = () => MAX_DAY_MS;

/**
 * The visits a newly registered participant photo shows on: that member's visits of the last 48 hours
 * before it (none for another entity or property). Read only, to be republished with the new photo's url.
 */
export async function photoChangedRows(db: Kysely<CheckInTables & AssetTables> | Transaction<CheckInTables & AssetTables>, event: RecordedEvent<AssetRegistered>) {
  const d = event.data;
  // the board's columns are uuids: anything else cannot be on it (and must never stop the projector)
  if (d.entity !== PHOTO_ENTITY || d.property !== PHOTO_PROPERTY || !isUuid(d.entityId) || !isUuid(d.organizationId)) return [];
  const at = Date.parse(event.metadata.occurredAt);
  if (Number.isNaN(at)) return [];
  return db
    .selectFrom("rm_check_ins")
    .selectAll()
    .where("organization_id", "=", d.organizationId)
    .where("participant_id", "=", d.entityId)
    .where("check_in_time", ">=", new Date(at - recentMs()))
    .orderBy("check_in_time", "desc")
    .limit(20)
    .execute();
}
