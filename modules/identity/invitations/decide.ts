import { DomainError, type Command, type Decider } from "../../kernel";
import { LEVEL } from "../access/types";
import { sameToken } from "../sessions/tokens";
import type { InvitationKind, UserEvent, UserStatus } from "../users/events";

/**
 * Invitations (decision 063), on the invited user's `user-{id}` stream: send (and resend: a new token, the
 * old one dies), revoke, accept (sets the password: single use), and the invitee's request for a new one.
 * Only SHA-256 hashes of tokens are kept; a presented token's hash is compared in constant time.
 */
export type InvitationState =
  | { exists: false }
  | {
      exists: true;
      userId: string;
      organizationId: string;
      userGroupId: string;
      status: UserStatus;
      /** a password is set (registered, reset, or an accepted invitation): nothing left to invite */
      hasPassword: boolean;
      accepted: boolean;
      /** the one live invitation, if any */
      invitation: { kind: InvitationKind; tokenHash: string; expiresAt: string } | null;
      /** every token hash ever sent: a dead link may still ask for a new invitation */
      issued: string[];
      /** the invitee asked for a new invitation since the last one was sent */
      renewalRequested: boolean;
    };

/** How long an invitation link works (decision 063): 14 days. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** The one answer for an unknown, used, revoked or expired token (the wording). */
export const TOKEN_EXPIRED = "Token expired";

export type GroupFact = { id: string; level: number };
export type InvitationActor = { userId: string; level: number };
type Facts = { actor: InvitationActor; groups: readonly GroupFact[] };

export type InvitationCommand =
  | Command<"SendInvitation", Facts & { userId: string; kind: InvitationKind; tokenHash: string; expiresAt: string }>
  | Command<"RevokeInvitation", Facts & { userId: string }>
  | Command<"AcceptInvitation", { userId: string; tokenHash: string; passwordHash: string; firstName: string; lastName: string; phoneNumber: string }>
  | Command<"RequestNewInvitation", { userId: string; tokenHash: string }>;

export const invitationUserNotFound = () => new DomainError("USER_NOT_FOUND", "User not found", 404);
export const inviteAboveOwnLevel = () => new DomainError("ABOVE_OWN_LEVEL", "You cannot invite a user whose user group is above your own level", 403);
export const wrongInvitationKind = (kind: InvitationKind) =>
  new DomainError("VALIDATION", kind === "coach" ? "This user is not staff: invite participants from their profile" : "This user is not a participant: invite staff from the user list", 400);
export const alreadyJoined = () => new DomainError("ALREADY_JOINED", "This user has already accepted an invitation or set a password", 409);
export const notActive = () => new DomainError("USER_NOT_ACTIVE", "Only an Active user can be invited", 409);
export const noOpenInvitation = () => new DomainError("NO_INVITATION", "This user has no open invitation", 409);
export const tokenExpired = () => new DomainError("TOKEN_EXPIRED", TOKEN_EXPIRED, 400);

/** The invitation statuses the lists show (spec-2 section 3), with Accepted once the person has joined. */
export type InvitationStatus = "Pending" | "Invited" | "Expired" | "Accepted";

export function invitationStatusOf(state: InvitationState, now: Date): InvitationStatus | null {
  if (!state.exists) return null;
  if (state.accepted) return "Accepted";
  if (!state.invitation) return "Pending";
  return new Date(state.invitation.expiresAt) <= now ? "Expired" : "Invited";
}

/** Which kind of invitation a group's level takes: staff groups are coach invitations; participants (level 1). */
export const kindOfLevel = (level: number): InvitationKind | null => (level >= LEVEL.coach && level < LEVEL.kiosk ? "coach" : level === LEVEL.participant ? "participant" : null);

const knownToken = (issued: readonly string[], hash: string) => issued.reduce((found, h) => sameToken(h, hash) || found, false);

export function evolveInvitation(state: InvitationState, event: UserEvent): InvitationState {
  switch (event.type) {
    case "UserRegistered":
    case "StaffUserCreated": {
      const d = event.data;
      return {
        exists: true,
        userId: d.userId,
        organizationId: d.organizationId,
        userGroupId: d.userGroupId,
        status: event.type === "StaffUserCreated" ? event.data.status : "Active",
        hasPassword: event.type === "UserRegistered" && event.data.passwordHash !== "",
        accepted: false,
        invitation: null,
        issued: [],
        renewalRequested: false,
      };
    }
    case "UserGroupChanged":
      return state.exists ? { ...state, userGroupId: event.data.userGroupId } : state;
    case "UserStatusChanged":
      return state.exists ? { ...state, status: event.data.status } : state;
    case "UserPasswordChanged":
      // a password set another way (a reset of a Pending user, decision 061): the invitation has no more use
      return state.exists ? { ...state, hasPassword: true, invitation: null } : state;
    case "InvitationSent":
      if (!state.exists) return state;
      return { ...state, invitation: { kind: event.data.kind, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }, issued: [...state.issued, event.data.tokenHash], renewalRequested: false };
    case "InvitationRevoked":
      return state.exists ? { ...state, invitation: null } : state;
    case "InvitationAccepted":
      return state.exists ? { ...state, hasPassword: true, accepted: true, invitation: null } : state;
    case "InvitationRenewalRequested":
      return state.exists ? { ...state, renewalRequested: true } : state;
    default:
      return state;
  }
}

/** The invited user, of the actor's organization, in a group at or below the actor's level. */
function checkTarget(state: InvitationState, organizationId: string | null, facts: Facts): DomainError | null {
  if (!state.exists || state.organizationId !== organizationId) return invitationUserNotFound();
  const level = facts.groups.find((g) => g.id === state.userGroupId)?.level;
  if (level === undefined) return invitationUserNotFound();
  if (level > facts.actor.level) return inviteAboveOwnLevel();
  return null;
}

function decide(state: InvitationState, command: InvitationCommand, now: Date): UserEvent[] | DomainError {
  switch (command.type) {
    case "SendInvitation": {
      const refused = checkTarget(state, command.metadata.organizationId, command.data);
      if (refused) return refused;
      if (!state.exists) return invitationUserNotFound();
      const level = command.data.groups.find((g) => g.id === state.userGroupId)?.level ?? 0;
      if (kindOfLevel(level) !== command.data.kind) return wrongInvitationKind(command.data.kind);
      if (state.hasPassword) return alreadyJoined();
      if (state.status !== "Active") return notActive();
      const { userId, kind, tokenHash, expiresAt } = command.data;
      return [{ type: "InvitationSent", data: { userId, organizationId: state.organizationId, kind, tokenHash, expiresAt, sentBy: command.data.actor.userId, resent: state.issued.length > 0 } }];
    }
    case "RevokeInvitation": {
      const refused = checkTarget(state, command.metadata.organizationId, command.data);
      if (refused) return refused;
      if (!state.exists || !state.invitation) return noOpenInvitation();
      return [{ type: "InvitationRevoked", data: { userId: state.userId, revokedBy: command.data.actor.userId } }];
    }
    case "AcceptInvitation": {
      if (!state.exists || !state.invitation || state.hasPassword || state.status !== "Active") return tokenExpired();
      if (!sameToken(state.invitation.tokenHash, command.data.tokenHash)) return tokenExpired();
      if (new Date(state.invitation.expiresAt) <= now) return tokenExpired();
      const { userId, passwordHash, firstName, lastName, phoneNumber } = command.data;
      return [{ type: "InvitationAccepted", data: { userId, passwordHash, firstName: firstName.trim(), lastName: lastName.trim(), phoneNumber: phoneNumber.trim() } }];
    }
    case "RequestNewInvitation": {
      // only a link once sent to this person may ask: nobody else can fill the staff's view with requests
      if (!state.exists || !knownToken(state.issued, command.data.tokenHash)) return tokenExpired();
      if (state.hasPassword) return alreadyJoined();
      if (state.renewalRequested) return [];
      return [{ type: "InvitationRenewalRequested", data: { userId: state.userId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const invitationDecider: Decider<InvitationState, InvitationCommand, UserEvent> = {
  initialState: () => ({ exists: false }),
  evolve: evolveInvitation,
  decide,
};
