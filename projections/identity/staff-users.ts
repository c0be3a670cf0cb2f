import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import type { StaffUserEvent } from "../../modules/identity";
import type { IdentityTables } from "./tables";

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
          id: d.userId,
          organization_id: d.organizationId,
          username: d.username.toLowerCase(),
          email: d.email.toLowerCase(),
          first_name: d.firstName,
          last_name: d.lastName,
          user_group_id: d.userGroupId,
          parent_id: d.parentId,
          // no password until the invitation is accepted: nothing verifies against an empty hash
          password_hash: "",
          status: d.status,
          phone_number: d.phoneNumber,
          status_reason: d.statusReason,
          invitation_status: d.invitationStatus,
          created_at: at,
          updated_at: at,
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
