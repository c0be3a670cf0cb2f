import { DomainError, type Command, type Decider } from "../../kernel";
import type { NotificationPreferences, UserEvent, UserProfile } from "./events";
import { decideOwnProfile, evolveOwnProfile, type OwnProfileCommand } from "./profile-decide";

export type UserState =
  | { status: "none" }
  | {
      status: "active";
      profile: UserProfile;
      passwordHash: string;
      /** reset tokens by hash: when they expire, and whether one was used */
      resets: Record<string, { expiresAt: string; used: boolean }>;
      /** decision 060: set by UserContactUpdated and NotificationPreferencesChanged (absent until then) */
      phoneNumber?: string;
      notifications?: NotificationPreferences;
    };

export type UserCommand =
  | Command<"RegisterUser", UserProfile & { passwordHash: string }>
  | Command<"RequestPasswordReset", { userId: string; tokenHash: string; expiresAt: string }>
  | Command<"ResetPassword", { userId: string; tokenHash: string; passwordHash: string }>
  | Command<"UpdateProfile", { userId: string; firstName: string; lastName: string; email: string }>
  | OwnProfileCommand;

export const RESET_TOKEN_INVALID = "This reset link is invalid or has expired. Ask for a new one.";

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: "none" }),
  evolve(state, event) {
    switch (event.type) {
      case "UserRegistered": {
        const { passwordHash, ...profile } = event.data;
        return { status: "active", profile, passwordHash, resets: {} };
      }
      case "UserPasswordChanged":
        if (state.status === "none") return state;
        // a new password spends every outstanding reset link
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          resets: Object.fromEntries(Object.entries(state.resets).map(([k, r]) => [k, { ...r, used: true }])),
        };
      case "PasswordResetRequested":
        if (state.status === "none") return state;
        return { ...state, resets: { ...state.resets, [event.data.tokenHash]: { expiresAt: event.data.expiresAt, used: false } } };
      case "UserProfileUpdated":
        if (state.status === "none") return state;
        return { ...state, profile: { ...state.profile, ...event.data } };
      // staff-created accounts (decision 061): no password until the invitation is accepted
      case "StaffUserCreated": {
        const d = event.data;
        const profile = { userId: d.userId, organizationId: d.organizationId, username: d.username, email: d.email, firstName: d.firstName, lastName: d.lastName, userGroupId: d.userGroupId, parentId: d.parentId };
        return { status: "active", profile, passwordHash: "", resets: {} };
      }
      case "StaffUserEdited":
        if (state.status === "none") return state;
        return { ...state, profile: { ...state.profile, firstName: event.data.firstName, lastName: event.data.lastName, email: event.data.email } };
      case "UserGroupChanged":
        if (state.status === "none") return state;
        return { ...state, profile: { ...state.profile, userGroupId: event.data.userGroupId } };
      case "UserStatusChanged":
      case "InvitationSent":
      case "InvitationRevoked":
      case "InvitationRenewalRequested":
        return state;
      // an accepted invitation sets the password (decision 063): any outstanding reset link is spent
      case "InvitationAccepted":
        if (state.status === "none") return state;
        return {
          ...state,
          profile: { ...state.profile, firstName: event.data.firstName, lastName: event.data.lastName },
          phoneNumber: event.data.phoneNumber,
          passwordHash: event.data.passwordHash,
          resets: Object.fromEntries(Object.entries(state.resets).map(([k, r]) => [k, { ...r, used: true }])),
        };
      case "UserContactUpdated":
      case "NotificationPreferencesChanged":
        return state.status === "none" ? state : evolveOwnProfile(state, event);
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(state, command, now) {
    switch (command.type) {
      case "RegisterUser":
        if (state.status !== "none") return new DomainError("CONFLICT", "This user exists already", 409);
        return [{ type: "UserRegistered", data: command.data }];
      case "RequestPasswordReset":
        if (state.status === "none") return new DomainError("NOT_FOUND", "User not found", 404);
        return [{ type: "PasswordResetRequested", data: command.data }];
      case "ResetPassword": {
        if (state.status === "none") return new DomainError("RESET_TOKEN_INVALID", RESET_TOKEN_INVALID, 400);
        const reset = state.resets[command.data.tokenHash];
        if (!reset || reset.used || new Date(reset.expiresAt) <= now) {
          return new DomainError("RESET_TOKEN_INVALID", RESET_TOKEN_INVALID, 400);
        }
        return [{ type: "UserPasswordChanged", data: { userId: command.data.userId, passwordHash: command.data.passwordHash, reason: "reset" } }];
      }
      case "UpdateProfile":
        if (state.status === "none") return new DomainError("NOT_FOUND", "User not found", 404);
        return [{ type: "UserProfileUpdated", data: command.data }];
      case "EditOwnProfile":
      case "ChangeOwnPassword":
      case "SetNotificationPreferences":
        return decideOwnProfile(state, command);
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
