import type { Kysely } from "kysely";
import { fieldRoleOf, PERMISSIONS, seesGroup, type FieldGroup, type FieldRole, type RoleLevel } from "../../modules/identity";
import type { ExportKind } from "../../modules/exports";
import { userRoleOf, userWithPermissionsOf } from "../../projections/identity";
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
  // Member ID, First name, Last name, Status, Status reason, Date of birth, Age, Gender, Pronouns, Email,
  // Phone number, Contact name, Preferred contact, Address, Postal code, Province or state, School, Medical
  // conditions, Pick-up permission, Household income, Born in Canada, Programme interest, How they heard
  // about us, Waiver signed, Flagged, Created date, Time zone (decision 070 places the new ones)
  participants: [
    "identity", "identity", "identity", "status", "record",
    "personal", "personal", "personal", "personal",
    "home", "contact", "contact", "home", "home", "home", "home",
    "school", "medical", "status",
    "demographics", "demographics", "demographics", "demographics",
    "status", "status", "record", "status",
  ],
};

/** The requester's role now (the file is built when the job runs); a requester no longer found gets the kiosk's, the narrowest. */
export async function requesterRole(db: Kysely<ReadModels>, organizationId: string, userId: string): Promise<FieldRole> {
  const row = await userRoleOf(db, organizationId, userId);
  return row ? fieldRoleOf({ level: row.level as RoleLevel, roleName: row.name }) : "kiosk";
}

/**
 * 'View assigned only' in the participant export (decision 070): when the requester's group holds
 * CAN_VIEW_ASSIGNED_ONLY as the file is built, their id (the file then has only the participants of the
 * programs they coach, as their list does); otherwise undefined. A requester no longer in the organization
 * holds none of its groups: not narrowed here (their columns are the kiosk's, requesterRole).
 */
export async function requesterAssignedTo(db: Kysely<ReadModels>, organizationId: string, userId: string): Promise<string | undefined> {
  const row = await userWithPermissionsOf(db, organizationId, userId);
  return row && (row.permission_ids ?? []).includes(PERMISSIONS.CAN_VIEW_ASSIGNED_ONLY) ? row.id : undefined;
}

/** The indexes of the columns this role may not see in this kind's file (none for a kind without people's fields). */
export function hiddenColumns(kind: ExportKind, role: FieldRole): number[] {
  return (COLUMN_GROUPS[kind] ?? []).flatMap((group, index) => (seesGroup(role, group) ? [] : [index]));
}
