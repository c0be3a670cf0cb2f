import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { addChildSchema } from "#modules/family/client";
import { GENDER_OPTIONS, PICK_UP_PERMISSIONS } from "#modules/participants/client";
import { FormErrors } from "../forms";
import { SelectRow, selectOptions } from "../user-groups/select-row";
import { TextFieldRow } from "../user-groups/text-field-row";

export type AddChildActionData = { result: SubmissionResult<string[]> };

/**
 * 'Add a child' on the parents' home (decision 064): the new child's name, date of birth (not in the
 * future), gender, pick-up permission and school; they become the parent's child at once, with their
 * waiver to sign. One zod schema here and on the server.
 */
export function AddChildForm({ commandId, closeHref }: { commandId: string; closeHref: string }) {
  const answer = useActionData<AddChildActionData>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(addChildSchema, {
    id: "add-child",
    lastResult: answer && "result" in answer ? answer.result : undefined,
  });
  return (
    <Card size="3" asChild>
      <section aria-labelledby="add-child-title" data-testid="add-child-form">
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="add-child" />
          <input type="hidden" name="command_id" value={commandId} />
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5" id="add-child-title">
              Add a child
            </Heading>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <TextFieldRow meta={fields.first_name} label="First Name" />
              <TextFieldRow meta={fields.last_name} label="Last Name" />
              <TextFieldRow meta={fields.dob} label="Date of Birth" type="date" />
              <SelectRow className="rc-add-child-select" meta={fields.gender} label="Gender" options={selectOptions(GENDER_OPTIONS)} blank="Choose..." />
              <SelectRow className="rc-add-child-select" meta={fields.pick_up_permission} label="Pick Up Permission" options={selectOptions(PICK_UP_PERMISSIONS)} blank="Choose..." />
              <TextFieldRow meta={fields.school_name} label="School Name" hint="Leave empty if not applicable." />
            </Grid>
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" asChild>
                <RemixLink to={closeHref} preventScrollReset>
                  Cancel
                </RemixLink>
              </Button>
              <Button type="submit" loading={busy}>
                Add Child
              </Button>
            </Flex>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}
