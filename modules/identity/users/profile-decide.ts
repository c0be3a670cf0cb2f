import { DomainError, type Command } from "../../kernel";
import type { NotificationPreferences, UserEvent } from "./events";
import type { UserState } from "./decide";

type Active = Extract<UserState, { status: "active" }>;

/** Both optional e-mails are on until the user turns them off (decision 060). */
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = { newsletters: true, programUpdates: true };

export const WRONG_CURRENT_PASSWORD = "The current password is incorrect";

/** A user's own commands from /my-profile and /api/user/me (decision 060). */
export type OwnProfileCommand =
  | Command<"EditOwnProfile", { userId: string; firstName: string; lastName: string; email: string; phoneNumber: string }>
  /**
   * `checkedHash`: the password hash the current password was verified against (by the handler: argon2 is
   * not pure). The decider refuses when the stream's hash is another one by now (a change in between).
   */
  | Command<"ChangeOwnPassword", { userId: string; checkedHash: string; passwordHash: string }>
  | Command<"SetNotificationPreferences", { userId: string } & NotificationPreferences>;

const notFound = () => new DomainError("NOT_FOUND", "User not found", 404);

/** The new events' effect on an active user's state (the others are evolved in decide.ts). */
export function evolveOwnProfile(state: Active, event: Extract<UserEvent, { type: "UserContactUpdated" | "NotificationPreferencesChanged" }>): Active {
  if (event.type === "UserContactUpdated") {
    return { ...state, profile: { ...state.profile, email: event.data.email }, phoneNumber: event.data.phoneNumber };
  }
  const { newsletters, programUpdates } = event.data;
  return { ...state, notifications: { newsletters, programUpdates } };
}

/** Only what changed is recorded: the name (UserProfileUpdated), the contact details (UserContactUpdated). */
export function decideOwnProfile(state: UserState, command: OwnProfileCommand): UserEvent[] | DomainError {
  if (state.status === "none") return notFound();
  switch (command.type) {
    case "EditOwnProfile": {
      const { userId, firstName, lastName, email, phoneNumber } = command.data;
      const events: UserEvent[] = [];
      if (firstName !== state.profile.firstName || lastName !== state.profile.lastName) {
        events.push({ type: "UserProfileUpdated", data: { userId, firstName, lastName, email } });
      }
      if (email !== state.profile.email || phoneNumber !== (state.phoneNumber ?? "")) {
        events.push({ type: "UserContactUpdated", data: { userId, email, phoneNumber } });
      }
      return events;
    }
    case "ChangeOwnPassword":
      if (command.data.checkedHash !== state.passwordHash) {
        return new DomainError("WRONG_CURRENT_PASSWORD", WRONG_CURRENT_PASSWORD, 400, { fieldErrors: { current_password: [WRONG_CURRENT_PASSWORD] } });
      }
      return [{ type: "UserPasswordChanged", data: { userId: command.data.userId, passwordHash: command.data.passwordHash, reason: "changed" } }];
    case "SetNotificationPreferences": {
      const { userId, newsletters, programUpdates } = command.data;
      const now = state.notifications ?? DEFAULT_NOTIFICATIONS;
      if (now.newsletters === newsletters && now.programUpdates === programUpdates) return [];
      return [{ type: "NotificationPreferencesChanged", data: { userId, newsletters, programUpdates } }];
    }
  }
}
