import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { parentSchema } from "#modules/family/client";
import { FormErrors } from "../forms";
import { TextFieldRow } from "../user-groups/text-field-row";

export type ParentFormActionData = { result: SubmissionResult<string[]> };

/**
 * 'Create Parent' (decision 064): first and last name, e-mail (unique), phone number; one zod schema here
 * and on the server. The parent has no password yet: they will be invited (invitation Pending).
 */
export function ParentForm({ commandId, closeHref }: { commandId: string; closeHref: string }) {
  const answer = useActionData<ParentFormActionData>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(parentSchema, { id: "parent-new", lastResult: answer && "result" in answer ? answer.result : undefined });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="parent-form-title" data-testid="parent-form">
      <input type="hidden" name="intent" value="create-parent" />
      <input type="hidden" name="command_id" value={commandId} />
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="parent-form-title">
          Create a Parent
        </Heading>
        <Text size="2" color="gray">
          The new parent has no password yet: they will be invited by e-mail to set one. Link their children once created.
        </Text>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card size="2">
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <TextFieldRow meta={fields.first_name} label="First Name" />
            <TextFieldRow meta={fields.last_name} label="Last Name" />
            <TextFieldRow meta={fields.email} label="E-mail" type="email" />
            <TextFieldRow meta={fields.phone_number} label="Phone Number" type="tel" />
          </Grid>
        </Card>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" asChild>
            <RemixLink to={closeHref} preventScrollReset>
              Cancel
            </RemixLink>
          </Button>
          <Button type="submit" loading={busy}>
            Create Parent
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
