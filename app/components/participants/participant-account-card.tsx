import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";

/** The invitation statuses' colours, as the staff lists show them (decision 063). */
export const INVITATION_COLORS = { Pending: "amber", Invited: "blue", Expired: "red", Accepted: "green" } as const;

/** What the edit panel knows of a participant's own account (decision 068). */
export type ParticipantAccountView = { userId: string | null; email: string; invitationStatus: string | null; refusal: string | null };

export const PARTICIPANT_INVITATION_INTENTS = ["invite-participant", "revoke-participant-invitation"] as const;

/**
 * The edit panel's 'Sign-in account' card (decision 068): the participant's own account and its invitation status,
 * with Invite (no account yet, or Pending), Resend and Revoke (Invited or Expired); or why no account can be made
 * (no e-mail, under 13: their guardian's account, not Active). A form of its own beside the profile's.
 */
export function ParticipantAccountCard({ participantId, name, account, commandId }: { participantId: string; name: string; account: ParticipantAccountView; commandId: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && (PARTICIPANT_INVITATION_INTENTS as readonly unknown[]).includes(navigation.formData?.get("intent"));
  const status = account.invitationStatus;
  const action = (intent: (typeof PARTICIPANT_INVITATION_INTENTS)[number], label: string, aria: string, color?: "red") => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={participantId} />
      <input type="hidden" name="command_id" value={`${commandId}-${intent}`} />
      <Button type="submit" size="2" variant="soft" color={color} disabled={busy} aria-label={aria}>
        {label}
      </Button>
    </Form>
  );
  let text: string;
  if (!account.userId) text = account.refusal ?? `No account yet. Invite ${name} to sign in with ${account.email}: the link lets them set a password and sign their waiver.`;
  else if (!status) text = `${name} has an account and signs in with their password.`;
  else if (status === "Accepted") text = `${name} accepted the invitation and signs in with their own password.`;
  else if (status === "Pending") text = `${name} has an account but no invitation: invite them to set a password.`;
  else text = status === "Expired" ? "The invitation link has expired: send a new one." : "The invitation was sent; the link works once, for 14 days.";
  const canInvite = (!account.userId && !account.refusal) || status === "Pending";
  return (
    <Card size="2" data-testid="participant-account">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="3">
            Sign-in account
          </Heading>
          {status ? (
            <Badge variant="soft" color={INVITATION_COLORS[status as keyof typeof INVITATION_COLORS] ?? "gray"} data-testid="participant-invitation-status">
              {status}
            </Badge>
          ) : null}
        </Flex>
        <Text as="p" size="2" color={account.refusal ? "gray" : undefined}>
          {text}
        </Text>
        {canInvite || status === "Invited" || status === "Expired" ? (
          <Flex gap="2" wrap="wrap">
            {canInvite ? action("invite-participant", "Invite", `Invite ${name}`) : action("invite-participant", "Resend", `Resend the invitation to ${name}`)}
            {status === "Invited" || status === "Expired" ? action("revoke-participant-invitation", "Revoke", `Revoke the invitation of ${name}`, "red") : null}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
