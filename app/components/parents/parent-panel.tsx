import { AlertDialog, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { UserSearch, type FoundUser } from "~/components/check-in/user-search";
import type { ParentChild, ParentRow } from "./parent-types";

type LinkAnswer = { problem?: string };

/** Unlink one child, after a confirmation dialog. */
function UnlinkButton({ parent, child, commandId }: { parent: ParentRow; child: ParentChild; commandId: string }) {
  const busy = useNavigation().state !== "idle";
  const parentName = `${parent.first_name} ${parent.last_name}`;
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button size="1" variant="soft" color="red" aria-label={`Unlink ${child.full_name}`}>
          Unlink
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Unlink {child.full_name}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {parentName} will no longer see {child.full_name} on their home page, sign their waiver or fill their screening. Their other guardians keep theirs.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="unlink-child" />
            <input type="hidden" name="parent_id" value={parent.id} />
            <input type="hidden" name="child_id" value={child.id} />
            <input type="hidden" name="command_id" value={`${commandId}-unlink-${child.id}`} />
            <Button type="submit" color="red" loading={busy}>
              Unlink {child.full_name}
            </Button>
          </Form>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * One parent's children (decision 064): each with Unlink (confirmed in a dialog), and 'Link a child': the
 * participant search of the check-in dialog and the program registrations (decision 053), then Link.
 */
export function ParentPanel({ parent, commandId, closeHref }: { parent: ParentRow; commandId: string; closeHref: string }) {
  const answer = useActionData<LinkAnswer>();
  const [picked, setChosen] = useState<FoundUser | null>(null);
  const busy = useNavigation().state !== "idle";
  const children = parent.children ?? [];
  // once linked (the list answers with them among the children), the choice is done
  const chosen = picked && !children.some((c) => c.id === picked.id) ? picked : null;
  const name = `${parent.first_name} ${parent.last_name}`;
  return (
    <Flex direction="column" gap="4" data-testid="parent-panel">
      <Flex justify="between" align="center" gap="2">
        <Heading as="h2" size="5">
          {name}&apos;s children
        </Heading>
        <Button variant="soft" color="gray" size="1" asChild>
          <RemixLink to={closeHref} preventScrollReset>
            Close
          </RemixLink>
        </Button>
      </Flex>
      <Card size="2">
        {children.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No children linked yet.
          </Text>
        ) : (
          <ul className="rc-parent-children" aria-label={`${name}'s children`}>
            {children.map((c) => (
              <li key={c.id} data-testid="parent-child">
                <Text size="2">
                  <Text weight="bold">{c.full_name}</Text>
                  {c.member_id ? <Text color="gray"> · {c.member_id}</Text> : null}
                  {c.relationship ? <Text color="gray"> · {c.relationship}</Text> : null}
                </Text>
                <UnlinkButton parent={parent} child={c} commandId={commandId} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Flex direction="column" gap="2" data-testid="link-child-box">
        <UserSearch type="in" exclude={children.map((c) => c.id)} onPick={setChosen} label="Link a child" autoFocus={false} />
        {chosen ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="link-child" />
            <input type="hidden" name="parent_id" value={parent.id} />
            <input type="hidden" name="participant_id" value={chosen.id} />
            <input type="hidden" name="command_id" value={`${commandId}-link-${chosen.id}`} />
            <Flex align="end" justify="between" gap="2" wrap="wrap" className="rc-staff-chosen" data-testid="link-chosen">
              <Text size="2">
                <Text weight="bold">{chosen.full_name}</Text> <Text color="gray">· {chosen.member_id}</Text>
              </Text>
              <Flex direction="column" gap="1">
                <Text as="label" size="2" htmlFor="link-relationship">
                  Relationship (optional)
                </Text>
                <input id="link-relationship" name="relationship" maxLength={100} className="rc-user-select" placeholder="Mother, Grandparent..." />
              </Flex>
              <Flex gap="2">
                <Button variant="soft" color="gray" type="button" onClick={() => setChosen(null)}>
                  Clear
                </Button>
                <Button type="submit" loading={busy} aria-label={`Link ${chosen.full_name} to ${name}`}>
                  Link
                </Button>
              </Flex>
            </Flex>
          </Form>
        ) : null}
        {answer?.problem ? (
          <Text size="2" color="red" role="alert">
            {answer.problem}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
