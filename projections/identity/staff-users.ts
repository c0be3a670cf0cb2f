import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import type { StaffUserEvent } from "../../modules/identity";
import type { IdentityTables } from "./tables";
import { newUserRow } from "./user-row";

type Db = Kysely<IdentityTables> | Transaction<IdentityTables>;

/** The staff user lists' events (decision 061), folded into rm_users. */
export const STAFF_USER_TYPES: readonly string[] = ["StaffUserCreated", "StaffUserEdited", "UserGroupChanged", "UserStatusChanged"];

export async function applyStaffUser(db: Db, event: RecordedEvent<StaffUserEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "StaffUserCreated": {
      const d = event.data;
      await db
        .insertInto("rm_users")
        .values({
          // no password until the invitation is accepted: nothing verifies against an empty hash
          ...newUserRow(d, "", at),
          status: d.status,
          phone_number: d.phoneNumber,
          status_reason: d.statusReason,
          invitation_status: d.invitationStatus,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "StaffUserEdited": {
      const d = event.data;
      await db
        .updateTable("rm_users")
        .set({ first_name: d.firstName, last_name: d.lastName, email: d.email.toLowerCase(), phone_number: d.phoneNumber, updated_at: at })
        .where("id", "=", d.userId)
        .execute();
      return;
    }
    case "UserGroupChanged":
      await db.updateTable("rm_users").set({ user_group_id: event.data.userGroupId, updated_at: at }).where("id", "=", event.data.userId).execute();
      return;
    case "UserStatusChanged":
      await db.updateTable("rm_users").set({ status: event.data.status, status_reason: event.data.reason, updated_at: at }).where("id", "=", event.data.userId).execute();
      return;
  }
}
