import { Badge, Card, Container, Flex, Heading, Link as ThemeLink, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { STATUS_COLOR } from "~/components/dev-mail/status";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { outboxPage } from "#modules/mail";
import { smsOutboxOf } from "#modules/communications";
import { guardPage } from "~/utils/page-guard.server";

/** /dev/mail (development only, a 404 in production): the local outbox, newest first (decision 059). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.services.production) throw new Response("Not Found", { status: 404 });
  await guardPage(request, context.services);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const [result, sms] = await Promise.all([outboxPage(context.services, page), smsOutboxOf(context.services)]);
  return json(
    {
      ...result,
      // the SMS outbox (decision 089): text messages kept while Twilio is not configured
      sms: sms.map((m) => ({ id: String(m.id), to: m.to_number, body: m.body, createdAt: m.created_at ?? "" })),
      data: result.data.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, kind: m.kind, status: m.status, attempts: m.attempts, createdAt: new Date(m.created_at).toISOString() })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function DevMailPage() {
  const { data, count, page, size, sms } = useLoaderData<typeof loader>();
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
      <Heading as="h2" size="5" mt="6" mb="2">
        Text Messages
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Text messages kept while TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are unset, newest first (the latest 50).
      </Text>
      {sms.length === 0 ? (
        <Text as="p" size="3" data-testid="dev-sms-empty">
          No text messages yet.
        </Text>
      ) : (
        // a list, not a table: a text's body wraps at any width (a table scrolled sideways on a phone, with nothing to focus in it)
        <Flex direction="column" gap="2" asChild>
          <ul data-testid="dev-sms-list" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {sms.map((m) => (
              <li key={m.id}>
                <Card size="1">
                  <Flex justify="between" wrap="wrap" gap="2">
                    <Text size="2" weight="bold">
                      To {m.to}
                    </Text>
                    <Text size="1" color="gray">
                      <time dateTime={m.createdAt}>{m.createdAt.slice(0, 19).replace("T", " ")}</time>
                    </Text>
                  </Flex>
                  <Text as="p" size="2" mt="1" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {m.body}
                  </Text>
                </Card>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
