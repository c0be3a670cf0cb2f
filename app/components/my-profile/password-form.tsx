import { getFormProps, getInputProps } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useMemo } from "react";
import { changePasswordSchema } from "#modules/identity/client";
import { Field, FormErrors } from "../forms";
import type { Notice } from "../user-groups/types";
import type { MyProfileActionData } from "./types";
import { useNotice } from "./use-notice";

/** Change password (decision 060): the current one, then the new one twice; other devices are signed out. */
export function PasswordForm({ minPasswordLength, onDone }: { minPasswordLength: number; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<MyProfileActionData>();
  const schema = useMemo(() => changePasswordSchema(minPasswordLength), [minPasswordLength]);
  const [form, fields] = useSchemaForm(schema, {
    id: "my-profile-password",
    lastResult: fetcher.data?.intent === "password" ? fetcher.data.result : undefined,
  });
  useNotice(fetcher, onDone);
  const input = (meta: typeof fields.current_password) => getInputProps(meta, { type: "password" });

  return (
    <Card size="3" asChild>
      <section aria-labelledby="password-heading">
        <fetcher.Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="password" />
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5" id="password-heading">
              Change Password
            </Heading>
            <Text size="2" color="gray">
              You stay signed in here; every other device signed in to your account is signed out.
            </Text>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field label="Current password" inputProps={{ ...input(fields.current_password), autoComplete: "current-password" }} errors={fields.current_password.errors} />
            <Field
              label="New password"
              hint={`At least ${minPasswordLength} characters.`}
              inputProps={{ ...input(fields.new_password), autoComplete: "new-password" }}
              errors={fields.new_password.errors}
            />
            <Field label="Confirm new password" inputProps={{ ...input(fields.confirm_password), autoComplete: "new-password" }} errors={fields.confirm_password.errors} />
            <Flex justify="end">
              <Button type="submit" size="3" loading={fetcher.state !== "idle"}>
                Change Password
              </Button>
            </Flex>
          </Flex>
        </fetcher.Form>
      </section>
    </Card>
  );
}
