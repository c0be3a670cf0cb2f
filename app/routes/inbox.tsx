import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { mayUseInbox } from "#modules/communications";
import { newId } from "#modules/kernel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ComposeForm } from "~/components/inbox/compose-form";
import { InboxList } from "~/components/inbox/inbox-list";
import inboxStyles from "~/components/inbox/inbox.css";
import { ThreadPanel } from "~/components/inbox/thread-view";
import type { InboxActionData, InboxRowView, ThreadView } from "~/components/inbox/types";
import { StaffListControls, StaffListPager, useQueryHref } from "~/components/programs/staff-list-controls";
import staffStyles from "~/components/programs/staff-pages.css";
import { inboxPageAction, inboxPageOf } from "~/utils/inbox-page.server";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: inboxStyles },
];
export const meta: MetaFunction = () => [{ title: "Inbox" }];

/**
 * /inbox (Messages in school organizations; decision 073): the caller's conversations (Inbox / Archived, searched,
 * paged), the open one (?thread={id}) beside the list, and a new message (?compose=1).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayUseInbox);
  const page = await inboxPageOf(context.services, auth, new URL(request.url));
  return json({ ...page, title: auth.organization.type === "school" ? "Messages" : "Inbox", commandId: newId() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayUseInbox);
  return inboxPageAction(context.services, auth, request, await readForm(request), context.services.production);
}

export default function InboxPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<InboxActionData>();
  const href = useQueryHref();
  const thread = data.thread as ThreadView | null;
  const open = data.composing || thread !== null;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            {data.title}
          </Heading>
          <Text size="2" color="gray">
            Conversations with staff and families. A message to a participant under 18 also reaches their parents or guardians.
          </Text>
        </Flex>
        {data.composing ? null : (
          <Button asChild>
            <RemixLink to={href({ compose: "1", thread: null })} preventScrollReset>
              New Message
            </RemixLink>
          </Button>
        )}
      </Flex>
      <div className="rc-inbox-layout" data-open={open ? "" : undefined}>
        <div>
          <StaffListControls
            search={data.search}
            filterKey="status"
            filter={data.status === "Active" ? "" : data.status}
            filters={[
              { value: "", label: "Inbox" },
              { value: "Archived", label: "Archived" },
            ]}
            count={data.count}
            noun={["conversation", "conversations"]}
            searchLabel="Search subjects and messages"
          />
          <InboxList
            rows={data.rows as InboxRowView[]}
            hrefOf={(id) => href({ thread: id, compose: null })}
            selectedId={thread?.id ?? null}
            emptyText={data.search ? `No conversations match '${data.search}'.` : data.status === "Archived" ? "No archived conversations." : "No messages yet."}
          />
          <StaffListPager page={data.page} size={data.size} totalPages={data.totalPages} />
        </div>
        {open ? (
          <div className="rc-inbox-panel">
            {data.composing ? (
              <ComposeForm commandId={data.commandId} closeHref={href({ compose: null })} />
            ) : thread ? (
              <ThreadPanel key={thread.id} thread={thread} userId={data.userId} commandId={data.commandId} closeHref={href({ thread: null })} problem={answer?.problem ?? null} />
            ) : null}
          </div>
        ) : null}
      </div>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
