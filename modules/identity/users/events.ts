export type UserProfile = {
  userId: string;
  organizationId: string;
  /** stored lower-case; sign-in accepts it or the e-mail */
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  userGroupId: string;
  /** the parent user of a participant, when there is one */
  parentId: string | null;
};

export type UserEvent =
  | { type: "UserRegistered"; data: UserProfile & { passwordHash: string } }
  | { type: "UserPasswordChanged"; data: { userId: string; passwordHash: string; reason: "reset" | "changed" } }
  | { type: "PasswordResetRequested"; data: { userId: string; tokenHash: string; expiresAt: string } }
  | { type: "UserProfileUpdated"; data: { userId: string; firstName: string; lastName: string; email: string } }
  // one's own contact details and e-mail choices (decision 060)
  | { type: "UserContactUpdated"; data: { userId: string; email: string; phoneNumber: string } }
  | { type: "NotificationPreferencesChanged"; data: { userId: string } & NotificationPreferences }
  | StaffUserEvent
  | InvitationEvent;

/** Invitations (decision 063), on the invited user's stream: the token's SHA-256 only, never the token. */
export type InvitationEvent =
  | { type: "InvitationSent"; data: { userId: string; organizationId: string; kind: InvitationKind; tokenHash: string; expiresAt: string; sentBy: string | null; resent: boolean } }
  | { type: "InvitationRevoked"; data: { userId: string; revokedBy: string | null } }
  | { type: "InvitationAccepted"; data: { userId: string; passwordHash: string; firstName: string; lastName: string; phoneNumber: string } }
  | { type: "InvitationRenewalRequested"; data: { userId: string } };

/** Who an invitation is for: staff (coach and up, /user/invite/{id}) or a participant's account (/invite/{id}). */
export type InvitationKind = "coach" | "participant";

/** Staff accounts created and kept by staff on the user lists (decision 061, staff-decide.ts). */
export type StaffUserEvent =
  | { type: "StaffUserCreated"; data: UserProfile & { phoneNumber: string; status: UserStatus; statusReason: string | null; invitationStatus: "Pending" } }
  | { type: "StaffUserEdited"; data: { userId: string; firstName: string; lastName: string; email: string; phoneNumber: string } }
  | { type: "UserGroupChanged"; data: { userId: string; userGroupId: string; previousUserGroupId: string } }
  | { type: "UserStatusChanged"; data: { userId: string; status: UserStatus; reason: string | null } };

/** spec-2 section 3's user statuses; only Active signs in (decision 061). */
export type UserStatus = "Active" | "Inactive" | "Alumni";

/** Which optional e-mails a user receives (decision 060); transactional mail (invitations, resets) always goes. */
export type NotificationPreferences = { newsletters: boolean; programUpdates: boolean };

/** On `loginname-{name}` streams: a username or e-mail taken by a user. */
export type LoginNameClaimed = { type: "LoginNameClaimed"; data: { name: string; userId: string } };

export const userStream = (id: string) => `user-${id}`;
/** One stream per taken username or e-mail: appending with no_stream makes the claim unique. */
export const loginNameStream = (name: string) => `loginname-${name.trim().toLowerCase()}`;
