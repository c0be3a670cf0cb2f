import { acceptPathOf, handleStaffUserCommand, participantUserIdFor, invitationDecider, INVITATION_TTL_MS, LEVEL, newToken, tokenHash, userStream, type GroupFact, type InvitationMail } from "../../modules/identity";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { handleParticipantCommand, loadParticipant } from "../../modules/participants";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; name: string; domain: string };

/**
 * The demo participants with an account of their own (decision 068), two of the generated demo participants of
 * each organization, 16 years old and Active: the 24th (no signed waiver yet: accepting leads to it) Invited, its
 * mail in the outbox; the 11th with an account still Pending (the panel offers Invite).
 */
export const DEMO_PARTICIPANT_INVITATIONS: readonly { index: number; status: "Invited" | "Pending" }[] = [
  { index: 23, status: "Invited" },
  { index: 10, status: "Pending" },
];

export const demoInvitedParticipantId = (organizationId: string, index: number) => idFrom("demo", "participant", organizationId, index);
export const demoParticipantUserId = (organizationId: string, index: number) => participantUserIdFor(organizationId, idFrom("demo-seed", "participant-account", organizationId, index));

/** Makes the accounts, links them and sends the Invited one's invitation; its mail goes to `sendMail` when given. */
export async function seedDemoParticipantInvitations(
  deps: Deps,
  org: Org,
  facts: GroupFact[],
  participantGroupId: string,
  organizationAccount: { id: string; name: string },
  sendMail?: (mail: InvitationMail) => Promise<void>,
): Promise<number> {
  const actor = { userId: organizationAccount.id, level: LEVEL.organization };
  for (const { index, status } of DEMO_PARTICIPANT_INVITATIONS) {
    const participantId = demoInvitedParticipantId(org.id, index);
    const participant = await loadParticipant(deps.store, participantId);
    if (!participant) throw new Error(`seeding a participant account: no demo participant ${index}`);
    const commandId = idFrom("demo-seed", "participant-account", org.id, index);
    const userId = demoParticipantUserId(org.id, index);
    const meta = (id: string) => ({ commandId: id, organizationId: org.id, actorId: organizationAccount.id, correlationId: commandId });
    const created = await handleStaffUserCommand(deps, {
      type: "CreateParticipantUser",
      data: {
        userId,
        input: { first_name: participant.firstName, last_name: participant.lastName, email: participant.email, phone_number: participant.phoneNumber, user_group_id: participantGroupId, status: "Active" },
        actor,
        groups: facts,
        participantGroupId,
      },
      metadata: meta(commandId),
    });
    if (!created.ok) throw new Error(`seeding the account of ${participant.firstName} ${participant.lastName}: ${created.error.message}`);
    const linked = await handleParticipantCommand(deps, {
      type: "LinkParticipantAccount",
      data: { participantId, userId, today: deps.clock.now().toISOString().slice(0, 10) },
      metadata: meta(idFrom(commandId, "link")),
    });
    if (!linked.ok) throw new Error(`linking the account of ${participant.firstName} ${participant.lastName}: ${linked.error.message}`);
    if (status !== "Invited") continue;
    const token = newToken();
    const expiresAt = new Date(deps.clock.now().getTime() + INVITATION_TTL_MS).toISOString();
    const sent = await handleCommand(deps, invitationDecider, userStream(userId), {
      type: "SendInvitation",
      data: { userId, kind: "participant", tokenHash: tokenHash(token), expiresAt, actor, groups: facts },
      metadata: meta(idFrom(commandId, "invitation")),
    });
    if (!sent.ok) throw new Error(`seeding the invitation of ${participant.firstName} ${participant.lastName}: ${sent.error.message}`);
    await sendMail?.({
      organizationId: org.id,
      organizationName: org.name,
      to: participant.email,
      firstName: participant.firstName,
      inviterName: organizationAccount.name,
      role: "participant",
      linkPath: acceptPathOf("participant", userId, token),
      expiresAt,
      dedupeKey: `demo-seed:invitation:${userId}`,
    });
  }
  return DEMO_PARTICIPANT_INVITATIONS.length;
}
