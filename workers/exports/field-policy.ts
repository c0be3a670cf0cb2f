import type { Kysely } from "kysely";
import { fieldRoleOf, seesGroup, type FieldGroup, type FieldRole, type RoleLevel } from "../../modules/identity";
import type { ExportKind } from "../../modules/exports";
import { userRoleOf } from "../../projections/identity";
import type { ReadModels } from "../../projections";

/**
 * Decision 027 in the export files: each CSV column's field group, in the header's order. The worker
 * blanks the columns the requester's role may not see (the header stays the spec's). The default export
 * permissions are held by admin and above, who see every group: their files are unchanged; a coach's
 * group given an export permission gets a coach's columns.
 */
export const COLUMN_GROUPS: Partial<Record<ExportKind, readonly FieldGroup[]>> = {
  // Member ID, Name, Contact email, Contact number, Check-in time, Check-out time, Date, Program Registered,
  // Picked up by (the board's pick-up details: decision 027's pickup group), Time zone
  "check-ins": ["identity", "identity", "home", "contact", "status", "status", "status", "status", "pickup", "status"],
  // Member ID, First name, Last name, Status, Date of birth, Age, Gender, Email, Phone number, Contact name,
  // Preferred contact, Address, School, Medical conditions, Pick-up permission, Waiver signed, Flagged, Created date, Time zone
  participants: ["identity", "identity", "identity", "status", "personal", "personal", "personal", "home", "contact", "contact", "home", "home", "school", "medical", "status", "status", "status", "record", "status"],
};

/** The requester's role now (the file is built when the job runs); a requester no longer found gets the kiosk's, the narrowest. */
export async function requesterRole(db: Kysely<ReadModels>, organizationId: string, userId: string): Promise<FieldRole> {
  const row = await userRoleOf(db, organizationId, userId);
  return row ? fieldRoleOf({ level: row.level as RoleLevel, roleName: row.name }) : "kiosk";
}

/** The indexes of the columns this role may not see in this kind's file (none for a kind without people's fields). */
export function hiddenColumns(kind: ExportKind, role: FieldRole): number[] {
  return (COLUMN_GROUPS[kind] ?? []).flatMap((group, index) => (seesGroup(role, group) ? [] : [index]));
}
