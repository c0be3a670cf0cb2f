import { Code, Container, Flex, Heading, Link, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import dayjs from "dayjs";
import { NoRecords } from "~/components/list-parts";
import { FlagBadge } from "~/components/flag-badge";
import { FLAG_MEANING, flagLabel } from "#modules/flags/client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { flaggedMembersOf } from "#modules/flags";
import { guardPage } from "~/utils/page-guard.server";

export const meta: MetaFunction = () => [{ title: "Flagged Members" }];

/** /user/flagged: who is flagged, the type, the reason, since when and by whom (issue 5). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  return json({ members: auth ? await flaggedMembersOf(context.services, auth) : [] });
}

/** Dates read MM/DD/YYYY at hh:mm A (spec-2 section 9). */
const since = (iso: string) => dayjs(iso).format("MM/DD/YYYY [at] hh:mm A");

export default function FlaggedMembersPage() {
  const { members } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="5" py="6">
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          Flagged Members
        </Heading>
        <Text size="2" color="gray">
          Members with an active flag. {flagLabel("stop")}: {FLAG_MEANING.stop} {flagLabel("warn")}: {FLAG_MEANING.warn}
        </Text>
      </Flex>
      {members.length === 0 ? <NoRecords testId="flagged-empty" text="No member has an active flag." /> : (
        <Table.Root variant="surface" aria-label="Flagged members">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Member ID</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Flag</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Since</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Flagged By</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {members.map((m) => (
              <Table.Row key={m.flag_id} data-testid="flagged-row" data-member-id={m.member_id}>
                <Table.RowHeaderCell>
                  <Link asChild weight="medium">
                    <RemixLink to={`/participants/${m.participant_id}`}>{m.full_name}</RemixLink>
                  </Link>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <Code variant="ghost">{m.member_id}</Code>
                </Table.Cell>
                <Table.Cell>
                  <FlagBadge type={m.type} />
                </Table.Cell>
                <Table.Cell style={{ maxWidth: 360 }}>{m.reason}</Table.Cell>
                <Table.Cell>{since(m.since)}</Table.Cell>
                <Table.Cell>{m.by || "System"}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
