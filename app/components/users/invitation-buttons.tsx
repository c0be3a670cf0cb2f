import { Button, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import type { UserRow } from "./user-types";

/**
 * A user's invitation actions on the list (decision 063): Invite while Pending; Resend (a new link, the old
 * one dies) and Revoke while Invited or Expired, with a note when the person's dead link asked for a new one.
 * Only Active users are invited; nothing once Accepted.
 */
export function InvitationButtons({ user, commandId, renewalRequested = false }: { user: UserRow; commandId: string; renewalRequested?: boolean }) {
  const navigation = useNavigation();
  const status = user.invitation_status;
  if (user.status !== "Active" || !status || status === "Accepted") return null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === user.id;
  const name = `${user.first_name} ${user.last_name}`;
  const action = (intent: "send-invitation" | "revoke-invitation", label: string, aria: string, color?: "red") => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="command_id" value={`${commandId}-${intent}-${user.id}`} />
      <Button type="submit" size="1" variant="soft" color={color} disabled={busy} aria-label={aria}>
        {label}
      </Button>
    </Form>
  );
  return (
    <Flex gap="1" wrap="wrap" align="center" data-testid="invitation-actions">
      {renewalRequested ? (
        <Text size="1" color="gray" data-testid="invitation-renewal-requested">
          Asked for a new invitation
        </Text>
      ) : null}
      {status === "Pending" ? action("send-invitation", "Invite", `Invite ${name}`) : action("send-invitation", "Resend", `Resend the invitation to ${name}`)}
      {status === "Invited" || status === "Expired" ? action("revoke-invitation", "Revoke", `Revoke the invitation of ${name}`, "red") : null}
    </Flex>
  );
}
