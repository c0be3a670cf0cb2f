import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { newThreadSchema } from "#modules/communications/client";
import { FieldError, FormErrors } from "../forms";
import { TextFieldRow } from "../user-groups/text-field-row";
import { RecipientPicker, type Recipient } from "./recipient-picker";

/**
 * A new message (decision 073): who it goes to, its subject and words; one zod schema here and on the server. A
 * minor's guardians are copied on it; to several families it leaves as one conversation each.
 */
export function ComposeForm({ commandId, closeHref }: { commandId: string; closeHref: string }) {
  const answer = useActionData<{ result?: SubmissionResult<string[]> | null }>();
  const busy = useNavigation().state !== "idle";
  const [chosen, setChosen] = useState<Recipient[]>([]);
  const [form, fields] = useSchemaForm(newThreadSchema, {
    id: "compose",
    lastResult: answer?.result ?? undefined,
  });
  return (
    <Card size="3" asChild>
      <section aria-labelledby="compose-title" data-testid="compose">
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="compose" />
          <input type="hidden" name="command_id" value={commandId} />
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5" id="compose-title">
              New Message
            </Heading>
            <Text size="2" color="gray">
              A message to a participant under 18 also goes to their parents or guardians.
            </Text>
            <FormErrors id={form.errorId} errors={form.errors} />
            <RecipientPicker chosen={chosen} onChange={setChosen} errorId={fields.recipient_ids.errorId} errors={fields.recipient_ids.errors} />
            <TextFieldRow meta={fields.subject} label="Subject" />
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={fields.body.id} size="2" weight="medium">
                Message
              </Text>
              <TextArea {...getTextareaProps(fields.body)} key={fields.body.key} rows={6} />
              <FieldError meta={fields.body} />
            </Flex>
            <Flex gap="3" justify="end">
              <Button asChild variant="soft" color="gray">
                <RemixLink to={closeHref} preventScrollReset>
                  Cancel
                </RemixLink>
              </Button>
              <Button type="submit" loading={busy}>
                Send
              </Button>
            </Flex>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}
