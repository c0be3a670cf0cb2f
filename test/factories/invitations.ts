import { acceptPathOf, invitationDecider, INVITATION_TTL_MS, newToken, tokenHash, userStream, type GroupFact, type InvitationMail } from "../../modules/identity";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { DEMO_STAFF, demoStaffEmail } from "./staff-users";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; name: string; domain: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo invitations (decision 063), sent by the organization account to some of the demo staff: Marcus
 * Bell and Fatima Haddad Invited (a link good for 14 days), Nina Patel Expired (her link ran out six days
 * ago, and she asked for a new one); the other Active staff stay Pending. Inactive and Alumni staff are never
 * invited.
 */
export const DEMO_INVITATIONS: readonly { first_name: string; last_name: string; status: "Invited" | "Expired" }[] = [
  { first_name: "Marcus", last_name: "Bell", status: "Invited" },
  { first_name: "Nina", last_name: "Patel", status: "Expired" },
  { first_name: "Fatima", last_name: "Haddad", status: "Invited" },
];

/** The invitation status a demo staff member starts with. */
export const demoInvitationStatusOf = (s: { first_name: string; last_name: string }) =>
  DEMO_INVITATIONS.find((i) => i.first_name === s.first_name && i.last_name === s.last_name)?.status ?? "Pending";

/** Sends the demo invitations; each mail (with its link's token) goes to `sendMail` when one is given. */
export async function seedDemoInvitations(
  deps: Deps,
  org: Org,
  facts: GroupFact[],
  organizationAccount: { id: string; name: string; level: number },
  sendMail?: (mail: InvitationMail) => Promise<void>,
): Promise<number> {
  for (const invitation of DEMO_INVITATIONS) {
    const staff = DEMO_STAFF.find((s) => s.first_name === invitation.first_name && s.last_name === invitation.last_name)!;
    const userId = idFrom("staff-user", org.id, idFrom("demo-seed", "staff-user", org.id, staff.first_name, staff.last_name));
    const token = newToken();
    const expiresAt = new Date(deps.clock.now().getTime() + (invitation.status === "Expired" ? -6 * DAY_MS : INVITATION_TTL_MS)).toISOString();
    const commandId = idFrom("demo-seed", "invitation", org.id, userId);
    const result = await handleCommand(deps, invitationDecider, userStream(userId), {
      type: "SendInvitation",
      data: { userId, kind: "coach", tokenHash: tokenHash(token), expiresAt, actor: { userId: organizationAccount.id, level: organizationAccount.level }, groups: facts },
      metadata: { commandId, organizationId: org.id, actorId: organizationAccount.id, correlationId: commandId },
    });
    if (!result.ok) throw new Error(`seeding the invitation of ${staff.first_name} ${staff.last_name}: ${result.error.message}`);
    if (invitation.status === "Expired") {
      // the expired link asked for a new one: the list says so beside the row
      const asked = await handleCommand(deps, invitationDecider, userStream(userId), {
        type: "RequestNewInvitation",
        data: { userId, tokenHash: tokenHash(token) },
        metadata: { commandId: idFrom(commandId, "request-new"), organizationId: org.id, actorId: null },
      });
      if (!asked.ok) throw new Error(`seeding the new invitation request of ${staff.first_name} ${staff.last_name}: ${asked.error.message}`);
    }
    await sendMail?.({
      organizationId: org.id,
      organizationName: org.name,
      to: demoStaffEmail(staff, org.domain),
      firstName: staff.first_name,
      inviterName: organizationAccount.name,
      role: "coach",
      linkPath: acceptPathOf("coach", userId, token),
      expiresAt,
      dedupeKey: `demo-seed:invitation:${userId}`,
    });
  }
  return DEMO_INVITATIONS.length;
}
