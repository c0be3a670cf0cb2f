import { Avatar, Badge, Box, Container, Flex, Heading, Link, Tabs, Text } from "@radix-ui/themes";
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlagBadge } from "~/components/flag-badge";
import { headerFlagsOf } from "#modules/flags";
import { NotesTab } from "~/components/notes/notes-tab";
import { guardPage } from "~/utils/page-guard.server";
import { participantPageOf } from "#modules/participants";
import { ParticipantNotFound } from "~/components/participants/participant-not-found";

/** /participants/{id}: a participant's page with the Notes tab (spec-2 section 2; decision 017). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const page = await participantPageOf(context.services, auth, params.id);
  if (!page) return json({ found: false as const }, { status: 404 });
  // the auditor's replay (decision 021): linked for holders of 'view audit history'
  const canAudit = auth.user.permissionIds.includes("CAN_VIEW_AUDIT_HISTORY");
  // the header's flag badges (decision 037): the active types, not their reasons (the Notes tab has those)
  const flags = await headerFlagsOf(context.services, auth.organization.id, page.participant.id);
  return json({ found: true as const, ...page, canAudit, flags });
}

export default function ParticipantPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.found) return <ParticipantNotFound />;
  const { participant: p, viewer, groups, canAudit, flags } = data;
  return (
    <Container size="3" px="5" py="6">
      <Text as="p" size="2" mb="3">
        <Link asChild>
          <RemixLink to="/participants">Participants</RemixLink>
        </Link>
      </Text>
      <Flex gap="4" align="center" mb="5">
        <Avatar size="5" radius="full" fallback={`${p.first_name.charAt(0)}${p.last_name.charAt(0)}`.toUpperCase()} alt="" />
        <Box>
          <Heading as="h1" size="7">
            {p.full_name}
          </Heading>
          <Flex gap="2" align="center" mt="1">
            <Text size="2" color="gray">
              Member ID {p.member_id}
            </Text>
            <Badge variant="soft">{p.status}</Badge>
            {flags.stop ? <FlagBadge type="stop" data-testid="header-flag" /> : null}
            {flags.warn ? <FlagBadge type="warn" data-testid="header-flag" /> : null}
            {canAudit && (
              <Link asChild size="2">
                <RemixLink to={`/participants/${p.id}/audit`}>Audit History</RemixLink>
              </Link>
            )}
          </Flex>
        </Box>
      </Flex>
      <Tabs.Root defaultValue="notes">
        <Tabs.List>
          <Tabs.Trigger value="notes" style={{ minWidth: 190 }}>
            Notes
          </Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="notes">
            <NotesTab participantId={p.id} viewer={viewer} groups={groups} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
