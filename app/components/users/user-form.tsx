import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { staffUserSchema, USER_STATUSES } from "#modules/identity/client";
import { FormErrors } from "../forms";
import { SelectRow } from "../user-groups/select-row";
import { TextFieldRow } from "../user-groups/text-field-row";
import type { EditedUser } from "./user-types";

export type UserFormActionData = { result: SubmissionResult<string[]> };

const defaultsOf = (user: EditedUser | null, groupId: string) =>
  user
    ? {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email ?? "",
        phone_number: user.phone_number ?? "",
        user_group_id: user.user_group_id ?? groupId,
        status: user.status,
        status_reason: user.status_reason ?? "",
      }
    : { user_group_id: groupId, status: "Active" };

/**
 * The user form (decision 061): first and last name, e-mail (unique), phone number, user group (only
 * groups at or below the signed-in user's level are offered), status and its reason (required for
 * Inactive and Alumni; shown for them only). One zod schema here and on the server. A new user gets no
 * password: they will be invited (invitation Pending).
 */
export function UserForm({ user, groupId, groups, commandId, closeHref, isSelf }: { user: EditedUser | null; groupId: string; groups: { id: string; name: string }[]; commandId: string; closeHref: string; isSelf: boolean }) {
  const answer = useActionData<UserFormActionData>();
  const busy = useNavigation().state !== "idle";
  const [status, setStatus] = useState<string>(user?.status ?? "Active");
  const [form, fields] = useSchemaForm(staffUserSchema, {
    id: user ? `user-${user.id}` : "user-new",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: defaultsOf(user, groupId),
  });
  const title = user ? `Edit ${user.first_name} ${user.last_name}` : "Create a User";
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="user-form-title" data-testid="user-form">
      <input type="hidden" name="intent" value={user ? "update-user" : "create-user"} />
      <input type="hidden" name="command_id" value={commandId} />
      {user ? <input type="hidden" name="id" value={user.id} /> : null}
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="user-form-title">
          {title}
        </Heading>
        {user ? null : (
          <Text size="2" color="gray">
            The new user has no password yet: they will be invited by e-mail to set one (invitation Pending).
          </Text>
        )}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card size="2">
          <Flex direction="column" gap="3">
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <TextFieldRow meta={fields.first_name} label="First Name" />
              <TextFieldRow meta={fields.last_name} label="Last Name" />
              <TextFieldRow meta={fields.email} label="E-mail" type="email" />
              <TextFieldRow meta={fields.phone_number} label="Phone Number" type="tel" />
            </Grid>
            {isSelf ? (
              <>
                <input type="hidden" name={fields.user_group_id.name} value={user?.user_group_id ?? groupId} />
                <input type="hidden" name={fields.status.name} value={user?.status ?? "Active"} />
                <input type="hidden" name={fields.status_reason.name} value={user?.status_reason ?? ""} />
                <Text size="2" color="gray">
                  Your own user group and status are changed by someone else.
                </Text>
              </>
            ) : (
              <>
                <Grid columns={{ initial: "1", sm: "2" }} gap="3">
                  <SelectRow className="rc-user-select" meta={fields.user_group_id} label="User Group" options={groups.map((g) => ({ value: g.id, label: g.name }))} />
                  <SelectRow className="rc-user-select" meta={fields.status} label="Status" options={USER_STATUSES.map((s) => ({ value: s, label: s }))} onChange={setStatus} />
                </Grid>
                {status === "Active" ? null : (
                  <TextFieldRow meta={fields.status_reason} label="Reason" hint={`Why this user is ${status}: shown in the list.`} />
                )}
              </>
            )}
          </Flex>
        </Card>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" asChild>
            <RemixLink to={closeHref} preventScrollReset>
              Cancel
            </RemixLink>
          </Button>
          <Button type="submit" loading={busy}>
            {user ? "Save Changes" : "Create User"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
