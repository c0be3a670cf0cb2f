import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Callout, Card, Code, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { apiKeyFormSchema } from "#modules/integrations/client";
import { TextFieldRow } from "../user-groups/text-field-row";
import { CheckboxGroup } from "./checkbox-group";
import type { IntegrationsActionData } from "./types";
import { useNoticeToast } from "./use-notice";

export type ApiKeyItem = { id: string; name: string; prefix: string; permission_ids: string[]; expires_at: string; last_used_at: string | null; status: string };

const constraint = getZodConstraint(apiKeyFormSchema);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "Never");
const STATUS_COLOR = { active: "green", expired: "gray", revoked: "red" } as const;

/** The organization's API keys and the form making one; a new key is shown once, here (decision 078). */
export function ApiKeysSection({ keys, permissions }: { keys: ApiKeyItem[]; permissions: { value: string; label: string }[] }) {
  const fetcher = useFetcher<IntegrationsActionData>();
  useNoticeToast(fetcher);
  const data = fetcher.data?.form === "key" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: "api-key",
    lastResult: data?.result,
    constraint,
    defaultValue: { expires_in_days: "90" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: apiKeyFormSchema }),
  });
  const revoke = useFetcher<IntegrationsActionData>();
  useNoticeToast(revoke);
  return (
    <Card size="2" asChild>
      <section aria-labelledby="api-keys-heading">
        <Heading as="h2" size="5" mb="1" id="api-keys-heading">
          API Keys
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Another system calls the API with <Code>Authorization: Bearer &lt;key&gt;</Code>. A key holds only the permissions chosen here, and never more than its creator.
        </Text>
        {data?.newKey ? (
          <Callout.Root color="green" mb="3" role="status">
            <Callout.Text>
              Copy the key for {data.newKey.name} now: it is not shown again. <Code style={{ wordBreak: "break-all" }}>{data.newKey.key}</Code>
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {keys.length ? (
          <Table.Root variant="surface" mb="4">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Key</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Expires</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last used</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {keys.map((key) => (
                <Table.Row key={key.id}>
                  <Table.RowHeaderCell>{key.name}</Table.RowHeaderCell>
                  <Table.Cell>
                    <Code>{key.prefix}…</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge color={STATUS_COLOR[key.status as keyof typeof STATUS_COLOR] ?? "gray"}>{key.status}</Badge>
                  </Table.Cell>
                  <Table.Cell>{when(key.expires_at)}</Table.Cell>
                  <Table.Cell>{when(key.last_used_at)}</Table.Cell>
                  <Table.Cell>
                    {key.status === "active" ? (
                      <revoke.Form method="post">
                        <input type="hidden" name="intent" value="revoke-key" />
                        <input type="hidden" name="id" value={key.id} />
                        <Button type="submit" color="red" variant="soft" size="1" aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </Button>
                      </revoke.Form>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : (
          <Text as="p" size="2" mb="4">
            No API keys yet.
          </Text>
        )}
        <fetcher.Form method="post" {...getFormProps(form)} aria-labelledby="new-key-heading">
          <input type="hidden" name="intent" value="create-key" />
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3" id="new-key-heading">
              New API key
            </Heading>
            {form.errors?.length ? (
              <Callout.Root color="red" role="alert" id={form.errorId}>
                <Callout.Text>{form.errors[0]}</Callout.Text>
              </Callout.Root>
            ) : null}
            <TextFieldRow meta={fields.name} label="Name" />
            <TextFieldRow meta={fields.expires_in_days} label="Expires in (days)" type="number" />
            <CheckboxGroup meta={fields.permission_ids} legend="Permissions" options={permissions} />
            <Flex>
              <Button type="submit" loading={fetcher.state !== "idle"}>
                Create API key
              </Button>
            </Flex>
          </Flex>
        </fetcher.Form>
      </section>
    </Card>
  );
}
