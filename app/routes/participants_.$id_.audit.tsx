import { Box, Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { AuditHistory } from "~/components/audit/audit-history";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditPageOf } from "#modules/audit";
import { signedInPage } from "~/utils/page-guard.server";
import { ParticipantNotFound } from "~/components/participants/participant-not-found";

/** /participants/{id}/audit: the auditor's replay of a participant's notes, comments and flags (decision 021). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const page = await auditPageOf(context.services, auth, params.id);
  if (!page) return json({ found: false as const }, { status: 404 });
  // the background note and flag history export needs the kind's export permission (decision 014)
  const canExport = auth.user.permissionIds.includes("CAN_EXPORT_PARTICIPANT_PROFILE");
  return json({ found: true as const, canExport, ...page });
}

export default function ParticipantAuditPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.found) return <ParticipantNotFound />;
  const { participant: p, timeline, state, canExport } = data;
  return (
    <Container size="4" px="5" py="6">
      <Text as="p" size="2" mb="3">
        <Link asChild>
          <RemixLink to="/participants">Participants</RemixLink>
        </Link>
        {" / "}
        <Link asChild>
          <RemixLink to={`/participants/${p.id}`}>{p.full_name}</RemixLink>
        </Link>
      </Text>
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          Audit History
        </Heading>
        <Text size="2" color="gray">
          {p.full_name}
          {p.member_id ? ` · Member ID ${p.member_id}` : ""} · every note, comment and flag event, replayed from the event store
        </Text>
      </Flex>
      <Box>
        <AuditHistory participantId={p.id} timeline={timeline} initial={state} canExport={canExport} />
      </Box>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
