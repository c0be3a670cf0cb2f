import { Badge, Box, Code, Container, DataList, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { STATUS_COLOR } from "~/components/dev-mail/status";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { outboxMessage } from "#modules/mail";
import { guardPage } from "~/utils/page-guard.server";

/** /dev/mail/{id} (development only, a 404 in production): one message, its HTML (sandboxed) and its text. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (context.services.production) throw new Response("Not Found", { status: 404 });
  await guardPage(request, context.services);
  const m = await outboxMessage(context.services, params.id ?? "");
  if (!m) throw new Response("There is no such message in the outbox.", { status: 404 });
  return json(
    {
      id: m.id,
      to: m.to_address,
      fromName: m.from_name,
      subject: m.subject,
      kind: m.kind,
      status: m.status,
      attempts: m.attempts,
      lastError: m.last_error,
      headers: m.headers,
      html: m.html,
      text: m.body,
      createdAt: new Date(m.created_at).toISOString(),
      sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function DevMailMessagePage() {
  const m = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="5" py="6">
      <ThemeLink asChild size="2">
        <RemixLink to="/dev/mail">Back to the outbox</RemixLink>
      </ThemeLink>
      <Heading as="h1" size="6" mt="2" mb="4">
        {m.subject}
      </Heading>
      <DataList.Root mb="5" data-testid="dev-mail-details">
        <DataList.Item>
          <DataList.Label>To</DataList.Label>
          <DataList.Value>{m.to}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>From</DataList.Label>
          <DataList.Value>{m.fromName}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Kind</DataList.Label>
          <DataList.Value>{m.kind}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Status</DataList.Label>
          <DataList.Value>
            <Badge color={STATUS_COLOR[m.status]} variant="soft">
              {m.status}
            </Badge>
            <Text size="2" ml="2">
              {m.attempts} {m.attempts === 1 ? "try" : "tries"}
              {m.lastError ? `; last error: ${m.lastError}` : ""}
            </Text>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Queued</DataList.Label>
          <DataList.Value>
            <time dateTime={m.createdAt}>{m.createdAt}</time>
          </DataList.Value>
        </DataList.Item>
        {Object.entries(m.headers).map(([name, value]) => (
          <DataList.Item key={name}>
            <DataList.Label>{name}</DataList.Label>
            <DataList.Value>
              <Code style={{ wordBreak: "break-all" }}>{value}</Code>
            </DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Heading as="h2" size="4" mb="2">
        HTML
      </Heading>
      <iframe title="The message's HTML" sandbox="" srcDoc={m.html} data-testid="dev-mail-html" style={{ width: "100%", height: 640, border: "1px solid var(--gray-6)", borderRadius: 6, background: "white" }} />
      <Heading as="h2" size="4" mt="5" mb="2">
        Plain text
      </Heading>
      <Box asChild p="3" style={{ border: "1px solid var(--gray-6)", borderRadius: 6, overflowX: "auto" }}>
        <pre data-testid="dev-mail-text" style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
          {m.text}
        </pre>
      </Box>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
