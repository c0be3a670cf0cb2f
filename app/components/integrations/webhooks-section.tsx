import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Badge, Box, Button, Callout, Card, Code, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { webhookEndpointBody } from "#modules/integrations/client";
import { TextFieldRow } from "../user-groups/text-field-row";
import { CheckboxGroup } from "./checkbox-group";
import type { IntegrationsActionData } from "./types";
import { useNoticeToast } from "./use-notice";

export type DeliveryItem = { id: string; event_type: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; last_attempt_at: string | null; created_at: string; payload: string };
export type WebhookItem = { id: string; url: string; description: string; event_types: string[]; status: string; disabled_reason: string | null; failing_since: string | null; secret: string; deliveries: DeliveryItem[] };

const constraint = getZodConstraint(webhookEndpointBody);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium" }) : "-");

function ActionButton({ intent, id, label, color }: { intent: string; id: string; label: string; color?: "red" }) {
  const fetcher = useFetcher<IntegrationsActionData>();
  useNoticeToast(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="1" variant="soft" color={color} loading={fetcher.state !== "idle"}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

function Endpoint({ endpoint }: { endpoint: WebhookItem }) {
  return (
    <Card size="1" asChild>
      <article aria-label={`Webhook ${endpoint.url}`}>
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Box>
            <Text as="p" weight="medium" style={{ wordBreak: "break-all" }}>
              {endpoint.url}
            </Text>
            <Text as="p" size="2" color="gray">
              {endpoint.description ? `${endpoint.description} · ` : ""}
              {endpoint.event_types.join(", ")}
            </Text>
            <Text as="p" size="2">
              <Badge color={endpoint.status === "active" ? "green" : "red"}>{endpoint.status}</Badge> {endpoint.disabled_reason ?? ""}
              {endpoint.failing_since ? ` Failing since ${when(endpoint.failing_since)}.` : ""}
            </Text>
            <Text as="p" size="1" color="gray">
              Signing secret: <Code>{endpoint.secret}</Code>
            </Text>
          </Box>
          <Flex gap="2">
            <ActionButton intent={endpoint.status === "active" ? "disable-webhook" : "enable-webhook"} id={endpoint.id} label={endpoint.status === "active" ? "Turn off" : "Turn on"} />
            <ActionButton intent="delete-webhook" id={endpoint.id} label="Delete" color="red" />
          </Flex>
        </Flex>
        {endpoint.deliveries.length ? (
          <Table.Root size="1" mt="3">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Tries</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last try</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Body</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Redeliver</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {endpoint.deliveries.map((d) => (
                <Table.Row key={d.id}>
                  <Table.RowHeaderCell>{d.event_type}</Table.RowHeaderCell>
                  <Table.Cell>
                    {d.status}
                    {d.last_status_code ? ` (${d.last_status_code})` : d.last_error ? ` (${d.last_error})` : ""}
                  </Table.Cell>
                  <Table.Cell>{d.attempts}</Table.Cell>
                  <Table.Cell>{when(d.last_attempt_at)}</Table.Cell>
                  <Table.Cell>
                    <details>
                      <summary>Show</summary>
                      <Code size="1" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                        {d.payload}
                      </Code>
                    </details>
                  </Table.Cell>
                  <Table.Cell>
                    <ActionButton intent="redeliver" id={d.id} label="Redeliver" />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : (
          <Text as="p" size="2" mt="2">
            No deliveries yet.
          </Text>
        )}
      </article>
    </Card>
  );
}

/** The organization's webhook endpoints with their delivery logs, and the form registering one (decision 079). */
export function WebhooksSection({ endpoints, eventTypes }: { endpoints: WebhookItem[]; eventTypes: { value: string; label: string }[] }) {
  const fetcher = useFetcher<IntegrationsActionData>();
  useNoticeToast(fetcher);
  const data = fetcher.data?.form === "webhook" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: "webhook",
    lastResult: data?.result,
    constraint,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookEndpointBody }),
  });
  return (
    <Card size="2" asChild>
      <section aria-labelledby="webhooks-heading">
        <Heading as="h2" size="5" mb="1" id="webhooks-heading">
          Webhooks
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Rollcall posts each chosen event to your HTTPS address, signed by the Standard Webhooks rules, and tries again for about a day when it fails.
        </Text>
        {data?.newSecret ? (
          <Callout.Root color="green" mb="3" role="status">
            <Callout.Text>
              Verify deliveries with the signing secret <Code style={{ wordBreak: "break-all" }}>{data.newSecret}</Code>
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex direction="column" gap="3" mb="4">
          {endpoints.length ? endpoints.map((endpoint) => <Endpoint key={endpoint.id} endpoint={endpoint} />) : <Text size="2">No webhooks yet.</Text>}
        </Flex>
        <fetcher.Form method="post" {...getFormProps(form)} aria-labelledby="new-webhook-heading">
          <input type="hidden" name="intent" value="create-webhook" />
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3" id="new-webhook-heading">
              New webhook
            </Heading>
            {form.errors?.length ? (
              <Callout.Root color="red" role="alert" id={form.errorId}>
                <Callout.Text>{form.errors[0]}</Callout.Text>
              </Callout.Root>
            ) : null}
            <TextFieldRow meta={fields.url} label="URL" type="url" hint="An https:// address reachable from the internet." />
            <TextFieldRow meta={fields.description} label="Description" />
            <CheckboxGroup meta={fields.event_types} legend="Event types" options={eventTypes} />
            <Flex>
              <Button type="submit" loading={fetcher.state !== "idle"}>
                Create webhook
              </Button>
            </Flex>
          </Flex>
        </fetcher.Form>
      </section>
    </Card>
  );
}
