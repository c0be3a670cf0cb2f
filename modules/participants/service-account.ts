import { createParticipantUser, invitationFormAction, PERMISSIONS as P, type Auth, type Services } from "../identity";
import { DomainError, idFrom, isUuid } from "../kernel";
import { invitationStatusesOf } from "../../projections/identity";
import { participantById } from "../../projections/participants";
import { waitForProjection } from "../../projections/runner";
import { assignedCoachOf } from "./assigned";
import { participantAccountRefusal, participantNotFound, type Participant } from "./decide";
import { handleParticipantCommand, loadParticipant } from "./handlers";
import { participantFormRulesOf } from "./service-write";

/**
 * A participant's own account (decision 068): staff with 'Create participant profiles' give a participant of 13
 * or more with an e-mail a level-1 account in the PARTICIPANT group (no password) and invite it (`/invite/{id}`);
 * a participant who has one is invited again through it. Younger participants are reached through their
 * guardians' accounts (decision 064).
 */
export const mayInviteParticipants = (auth: Auth) => auth.user.permissionIds.includes(P.CAN_CREATE_PARTICIPANT_PROFILE);
const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to invite participants", 403);

/** Each step's command id: from the participant's (one account per participant, ever) or the caller's (a membership request's). */
export type AccountStepKeys = { account: string; link: string; invitation: string };
export const participantAccountKeys = (participantId: string, invitationKey: string): AccountStepKeys => ({
  account: idFrom("participant-account", participantId, "account"),
  link: idFrom("participant-account", participantId, "link"),
  invitation: invitationKey,
});

async function participantOf(services: Services, auth: Auth, participantId: string | undefined): Promise<Participant> {
  if (!participantId || !isUuid(participantId) || !(await participantById(services.db, auth.organization.id, participantId, assignedCoachOf(auth)))) throw participantNotFound();
  const state = await loadParticipant(services.store, participantId);
  if (!state || state.organizationId !== auth.organization.id) throw participantNotFound();
  return state;
}

/**
 * Makes the account (when the participant has none), links it, and sends the invitation: every step's id comes
 * from `keys`, so a retry after a failure (a taken e-mail, a crash) makes nothing twice. The age, e-mail and status
 * rules are checked before anything is made. Answers the invited user's id and the toast.
 */
export async function inviteParticipantAccount(services: Services, auth: Auth, participant: Participant, keys: AccountStepKeys): Promise<{ userId: string; message: string }> {
  if (!mayInviteParticipants(auth)) throw forbidden();
  let userId = participant.userId;
  if (!userId) {
    const refused = participantAccountRefusal(participant, participantFormRulesOf(services, auth).today);
    if (refused) throw refused;
    userId = await createParticipantUser(
      services,
      auth,
      { first_name: participant.firstName, last_name: participant.lastName, email: participant.email, phone_number: participant.phoneNumber || undefined },
      keys.account,
    );
    const linked = await handleParticipantCommand(
      { store: services.store, clock: services.clock },
      { type: "LinkParticipantAccount", data: { participantId: participant.participantId, userId, today: participantFormRulesOf(services, auth).today }, metadata: { commandId: keys.link, organizationId: auth.organization.id, actorId: auth.user.id } },
    );
    if (!linked.ok) throw linked.error;
    const position = Math.max(0, ...linked.events.map((e) => e.position));
    if (position > 0) await waitForProjection(services, "participants", { atLeast: position });
  }
  const message = await invitationFormAction(services, auth, "send", userId, keys.invitation);
  return { userId, message };
}

/** POST /api/participant/{id}/invitation and the panel's Invite: the participant by id (404 for another organization's). */
export async function inviteParticipantCall(services: Services, auth: Auth, participantId: string | undefined, invitationKey: string) {
  if (!mayInviteParticipants(auth)) throw forbidden();
  const participant = await participantOf(services, auth, participantId);
  const { userId, message } = await inviteParticipantAccount(services, auth, participant, participantAccountKeys(participant.participantId, invitationKey));
  const statuses = await invitationStatusesOf(services.db, auth.organization.id, [userId], services.clock.now());
  return { message, data: { participant_id: participant.participantId, user_id: userId, invitation_status: statuses.get(userId) ?? null } };
}

/** The panel's Revoke: the participant's account's open invitation (the same service as DELETE /api/invitation/{user id}). */
export async function revokeParticipantInvitation(services: Services, auth: Auth, participantId: string | undefined, commandId: string): Promise<string> {
  if (!mayInviteParticipants(auth)) throw forbidden();
  const participant = await participantOf(services, auth, participantId);
  if (!participant.userId) throw new DomainError("NO_INVITATION", "This participant has no open invitation", 409);
  return invitationFormAction(services, auth, "revoke", participant.userId, commandId);
}

export type ParticipantAccount = {
  /** the participant's own account, when they have one */
  userId: string | null;
  email: string;
  /** Pending, Invited, Expired or Accepted; null: no account, or one with a password from elsewhere (the seed, self-registration) */
  invitationStatus: string | null;
  /** why no account can be made now (no e-mail, under 13, not Active), for the panel to say */
  refusal: string | null;
};

/** What the edit panel's Account card shows for a participant (null: the caller may not invite). */
export async function participantAccountOf(services: Services, auth: Auth, participantId: string): Promise<ParticipantAccount | null> {
  if (!mayInviteParticipants(auth) || !isUuid(participantId)) return null;
  const participant = await loadParticipant(services.store, participantId);
  if (!participant || participant.organizationId !== auth.organization.id) return null;
  if (participant.userId) {
    const statuses = await invitationStatusesOf(services.db, auth.organization.id, [participant.userId], services.clock.now());
    return { userId: participant.userId, email: participant.email, invitationStatus: statuses.get(participant.userId) ?? null, refusal: null };
  }
  const refused = participantAccountRefusal(participant, participantFormRulesOf(services, auth).today);
  return { userId: null, email: participant.email, invitationStatus: null, refusal: refused?.message ?? null };
}

/** The list's Account column: each listed participant's own account's invitation status (decision 068). */
export async function participantInvitationStatuses(services: Services, auth: Auth, rows: readonly { id: string; user_id?: string | null }[]): Promise<Record<string, string>> {
  const userIds = rows.map((r) => r.user_id).filter((id): id is string => typeof id === "string");
  const statuses = await invitationStatusesOf(services.db, auth.organization.id, userIds, services.clock.now());
  return Object.fromEntries(rows.flatMap((r) => (r.user_id && statuses.get(r.user_id) ? [[r.id, statuses.get(r.user_id)!]] : [])));
}
