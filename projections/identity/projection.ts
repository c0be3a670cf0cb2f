import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import type { UserEvent } from "../../modules/identity";
import type { StaffUserEvent, UserGroupEvent } from "../../modules/identity";
import { defineProjection } from "../runner";
import type { IdentityTables } from "./tables";
import { applyStaffUser, STAFF_USER_TYPES } from "./staff-users";
import { newUserRow } from "./user-row";
import { applyInvitation, INVITATION_TYPES } from "./invitations";
import type { InvitationEvent } from "../../modules/identity";

type Db = Kysely<IdentityTables> | Transaction<IdentityTables>;

async function applyGroup(db: Db, event: RecordedEvent<UserGroupEvent>) {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "UserGroupCreated": {
      const d = event.data;
      await db
        .insertInto("rm_user_groups")
        .values({
          id: d.userGroupId,
          organization_id: d.organizationId,
          name: d.name,
          display_name: d.displayName,
          level: d.level,
          icon: d.icon,
          scheme: JSON.stringify(d.scheme),
          permission_ids: d.permissionIds,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "UserGroupUpdated": {
      const d = event.data;
      await db
        .updateTable("rm_user_groups")
        .set({ name: d.name, display_name: d.displayName, level: d.level, icon: d.icon, scheme: JSON.stringify(d.scheme), permission_ids: d.permissionIds, updated_at: at })
        .where("id", "=", d.userGroupId)
        .execute();
      return;
    }
    case "UserGroupDeleted":
      await db.deleteFrom("rm_user_groups").where("id", "=", event.data.userGroupId).execute();
      return;
  }
}

async function applyUser(db: Db, event: RecordedEvent<UserEvent>) {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "UserRegistered": {
      const d = event.data;
      await db
        .insertInto("rm_users")
        .values(newUserRow(d, d.passwordHash, at))
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "UserPasswordChanged":
      // a Pending or Invited user who set a password by a reset has joined: nothing left to invite (decision 063)
      await db
        .updateTable("rm_users")
        .set({ password_hash: event.data.passwordHash, invitation_status: sql<string | null>`case when invitation_status is null then null else 'Accepted' end`, invitation_expires_at: null, updated_at: at })
        .where("id", "=", event.data.userId)
        .execute();
      return;
    case "UserProfileUpdated": {
      const d = event.data;
      await db
        .updateTable("rm_users")
        .set({ first_name: d.firstName, last_name: d.lastName, email: d.email.toLowerCase(), updated_at: at })
        .where("id", "=", d.userId)
        .execute();
      return;
    }
    case "UserContactUpdated":
      await db
        .updateTable("rm_users")
        .set({ email: event.data.email.toLowerCase(), phone_number: event.data.phoneNumber, updated_at: at })
        .where("id", "=", event.data.userId)
        .execute();
      return;
    case "NotificationPreferencesChanged":
      await db
        .updateTable("rm_users")
        .set({ notify_newsletters: event.data.newsletters, notify_program_updates: event.data.programUpdates, updated_at: at })
        .where("id", "=", event.data.userId)
        .execute();
      return;
    case "PasswordResetRequested":
      return;
  }
}

const GROUP_TYPES = ["UserGroupCreated", "UserGroupUpdated", "UserGroupDeleted"];
const USER_TYPES = ["UserRegistered", "UserPasswordChanged", "UserProfileUpdated", "UserContactUpdated", "NotificationPreferencesChanged"];

/** Users and user groups, as sign-in, the session and the role pickers read them. */
export const identityProjection = defineProjection<IdentityTables>({
  name: "identity",
  tables: ["rm_user_groups", "rm_users", "rm_invitations"],
  eventTypes: [...GROUP_TYPES, ...USER_TYPES, ...STAFF_USER_TYPES, ...INVITATION_TYPES],
  async apply(db, events) {
    for (const event of events) {
      if (GROUP_TYPES.includes(event.type)) await applyGroup(db, event as RecordedEvent<UserGroupEvent>);
      else if (STAFF_USER_TYPES.includes(event.type)) await applyStaffUser(db, event as RecordedEvent<StaffUserEvent>);
      else if (INVITATION_TYPES.includes(event.type)) await applyInvitation(db, event as RecordedEvent<InvitationEvent>);
      else await applyUser(db, event as RecordedEvent<UserEvent>);
    }
  },
});
