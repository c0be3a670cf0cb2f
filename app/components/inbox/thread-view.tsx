import { AlertDialog, Badge, Button, Card, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { Form, Link as RemixLink, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BODY_MAX, RETRACT_REASON_MAX } from "#modules/communications/client";
import { AttachmentLinks } from "../communications/attachments-picker";
import { useTimeZone } from "../time-zone";
import { whenText, type InboxActionData, type ThreadView } from "./types";

/** Who is in the conversation, and why (a guardian copied on a minor's messages says whose, decision 073). */
function Members({ thread, userId }: { thread: ThreadView; userId: string }) {
  const me = thread.members.find((m) => m.user_id === userId);
  const others = thread.members
    .filter((m) => m.user_id !== userId)
    .map((m) => (m.reason === "guardian" && m.for_name ? `${m.name} (guardian of ${m.for_name})` : m.name))
    .join(", ");
  return (
    <Flex direction="column" gap="1" data-testid="thread-members">
      <Text as="p" size="2" color="gray">
        With {others || "nobody else"}
      </Text>
      {me?.reason === "guardian" && me.for_name ? (
        <Text as="p" size="2" color="gray">
          You receive this conversation as the guardian of {me.for_name}.
        </Text>
      ) : null}
    </Flex>
  );
}

/** The author's Retract, behind a dialog asking the reason everyone in the conversation will read. */
function Retract({ threadId, messageId }: { threadId: string; messageId: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<InboxActionData>();
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <Button size="1" variant="ghost" color="red">
          Retract
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Retract this message?</AlertDialog.Title>
        <AlertDialog.Description size="2">Everyone in the conversation sees that it was retracted and the reason below, not the message. It stays in the organization&apos;s records.</AlertDialog.Description>
        <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="retract" />
          <input type="hidden" name="thread_id" value={threadId} />
          <input type="hidden" name="message_id" value={messageId} />
          <Flex direction="column" gap="1" mt="3">
            <Text as="label" htmlFor={`retract-${messageId}`} size="2" weight="medium">
              Reason
            </Text>
            <TextArea id={`retract-${messageId}`} name="reason" required maxLength={RETRACT_REASON_MAX} />
          </Flex>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color="red" loading={fetcher.state !== "idle"}>
              Retract
            </Button>
          </Flex>
        </fetcher.Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * One conversation: its members, its messages oldest first (a retracted one shows its reason), the reply form,
 * and Archive / Move to inbox. Opening an unread conversation marks it read.
 */
export function ThreadPanel({ thread, userId, commandId, closeHref, problem }: { thread: ThreadView; userId: string; commandId: string; closeHref: string; problem: string | null }) {
  const timeZone = useTimeZone();
  const reader = useFetcher();
  const busy = useNavigation().state !== "idle";
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (thread.unread > 0 && marked.current !== `${thread.id}:${thread.messages.length}`) {
      marked.current = `${thread.id}:${thread.messages.length}`;
      reader.submit({ intent: "read", thread_id: thread.id }, { method: "post" });
    }
  }, [thread.id, thread.unread, thread.messages.length, reader]);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="thread-title" data-testid="thread">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Heading as="h2" size="5" id="thread-title">
              {thread.subject}
            </Heading>
            <Flex gap="2">
              <Form method="post">
                <input type="hidden" name="intent" value={thread.status === "Archived" ? "restore" : "archive"} />
                <input type="hidden" name="thread_id" value={thread.id} />
                <Button type="submit" size="1" variant="soft" color="gray">
                  {thread.status === "Archived" ? "Move to Inbox" : "Archive"}
                </Button>
              </Form>
              <Button asChild size="1" variant="soft" color="gray">
                <RemixLink to={closeHref} preventScrollReset>
                  Close
                </RemixLink>
              </Button>
            </Flex>
          </Flex>
          <Members thread={thread} userId={userId} />
          <ol className="rc-thread-messages" aria-label="Messages">
            {thread.messages.map((m) => (
              <li key={m.id} data-testid="message" data-mine={m.author_id === userId ? "" : undefined}>
                <Flex justify="between" gap="2" align="baseline" wrap="wrap">
                  <Text size="2" weight="bold">
                    {m.author_id === userId ? "You" : m.author_name}
                  </Text>
                  <Text size="1" color="gray" suppressHydrationWarning>
                    {whenText(m.posted_at, timeZone)}
                  </Text>
                </Flex>
                {m.retracted_at ? (
                  <Text as="p" size="2" color="gray" data-testid="retracted">
                    <Badge color="gray" variant="soft" mr="2">
                      Retracted
                    </Badge>
                    {m.retract_reason}
                  </Text>
                ) : (
                  <>
                    <Text as="p" size="2" className="rc-thread-body">
                      {m.body}
                    </Text>
                    <AttachmentLinks files={m.attachments ?? []} />
                  </>
                )}
                {m.author_id === userId && !m.retracted_at ? <Retract threadId={thread.id} messageId={m.id} /> : null}
              </li>
            ))}
          </ol>
          <Form method="post" className="rc-thread-reply" key={thread.messages.length}>
            <input type="hidden" name="intent" value="reply" />
            <input type="hidden" name="thread_id" value={thread.id} />
            <input type="hidden" name="command_id" value={commandId} />
            <Flex direction="column" gap="2">
              <Text as="label" htmlFor="reply-body" size="2" weight="medium">
                Reply
              </Text>
              <TextArea id="reply-body" name="body" required maxLength={BODY_MAX} rows={3} />
              {problem ? (
                <Text size="2" color="red" role="alert">
                  {problem}
                </Text>
              ) : null}
              <Flex justify="end">
                <Button type="submit" loading={busy}>
                  Send Reply
                </Button>
              </Flex>
            </Flex>
          </Form>
        </Flex>
      </section>
    </Card>
  );
}
