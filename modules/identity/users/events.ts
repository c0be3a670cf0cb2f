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
  | { type: "NotificationPreferencesChanged"; data: { userId: string } & NotificationPreferences };

/** Which optional e-mails a user receives (decision 060); transactional mail (invitations, resets) always goes. */
export type NotificationPreferences = { newsletters: boolean; programUpdates: boolean };

/** On `loginname-{name}` streams: a username or e-mail taken by a user. */
export type LoginNameClaimed = { type: "LoginNameClaimed"; data: { name: string; userId: string } };

export const userStream = (id: string) => `user-${id}`;
/** One stream per taken username or e-mail: appending with no_stream makes the claim unique. */
export const loginNameStream = (name: string) => `loginname-${name.trim().toLowerCase()}`;
