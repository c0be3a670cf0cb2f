import { Badge, Container, Flex, Heading, Link as ThemeLink, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { STATUS_COLOR } from "~/components/dev-mail/status";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { outboxPage } from "#modules/mail";
import { guardPage } from "~/utils/page-guard.server";

/** /dev/mail (development only, a 404 in production): the local outbox, newest first (decision 059). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.services.production) throw new Response("Not Found", { status: 404 });
  await guardPage(request, context.services);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const result = await outboxPage(context.services, page);
  return json(
    {
      ...result,
      data: result.data.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, kind: m.kind, status: m.status, attempts: m.attempts, createdAt: new Date(m.created_at).toISOString() })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function DevMailPage() {
  const { data, count, page, size } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(count / size));
  return (
    <Container size="4" px="5" py="6">
      <Heading as="h1" size="7" mb="2">
        Mail Outbox
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Development only. Every message the app queued, newest first. With SMTP_URL unset they stay here (status kept); with it set they are sent.
      </Text>
      {data.length === 0 ? (
        <Text as="p" size="3" data-testid="dev-mail-empty">
          No messages yet.
        </Text>
      ) : (
        <Table.Root variant="surface" data-testid="dev-mail-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell style={{ minWidth: 200 }}>Subject</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ minWidth: 110 }}>Queued</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((m) => (
              <Table.Row key={m.id}>
                <Table.Cell>
                  <ThemeLink asChild>
                    <RemixLink to={`/dev/mail/${m.id}`}>{m.subject}</RemixLink>
                  </ThemeLink>
                </Table.Cell>
                <Table.Cell>{m.to}</Table.Cell>
                <Table.Cell>
                  <Badge color={STATUS_COLOR[m.status]} variant="soft">
                    {m.status}
                    {m.attempts > 1 ? ` (${m.attempts} tries)` : ""}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{m.kind}</Table.Cell>
                <Table.Cell>
                  <time dateTime={m.createdAt}>{m.createdAt.slice(0, 19).replace("T", " ")}</time>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {pages > 1 ? (
        <Flex gap="4" mt="4" align="center">
          {page > 1 ? (
            <ThemeLink asChild>
              <RemixLink to={`/dev/mail?page=${page - 1}`}>Newer</RemixLink>
            </ThemeLink>
          ) : null}
          <Text size="2">
            Page {page} of {pages}
          </Text>
          {page < pages ? (
            <ThemeLink asChild>
              <RemixLink to={`/dev/mail?page=${page + 1}`}>Older</RemixLink>
            </ThemeLink>
          ) : null}
        </Flex>
      ) : null}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
