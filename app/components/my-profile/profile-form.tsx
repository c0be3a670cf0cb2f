import { getFormProps, getInputProps } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { ownProfileSchema } from "#modules/identity/client";
import { Field, FormErrors } from "../forms";
import type { Notice } from "../user-groups/types";
import type { MyProfileActionData } from "./types";
import { useNotice } from "./use-notice";


export type ProfileDefaults = { first_name: string; last_name: string; email: string; phone_number: string };

/** Name and contact details (decision 060): one schema here and in the action; an e-mail in use is an error under E-mail. */
export function ProfileForm({ defaults, onDone }: { defaults: ProfileDefaults; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<MyProfileActionData>();
  const [form, fields] = useSchemaForm(ownProfileSchema, {
    id: "my-profile-details",
    lastResult: fetcher.data?.intent === "profile" ? fetcher.data.result : undefined,
    defaultValue: defaults,
  });
  useNotice(fetcher, onDone);

  return (
    <Card size="3" asChild>
      <section aria-labelledby="details-heading">
        <fetcher.Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="profile" />
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5" id="details-heading">
              Personal Details
            </Heading>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Grid columns={{ initial: "1", sm: "2" }} gap="4">
              <Field label="First Name" inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }} errors={fields.first_name.errors} />
              <Field label="Last Name" inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }} errors={fields.last_name.errors} />
            </Grid>
            <Field
              label="E-mail"
              hint="You can also sign in with it. It must not belong to another account."
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
              errors={fields.email.errors}
            />
            <Field label="Phone Number" hint="Optional." inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "tel" }} errors={fields.phone_number.errors} />
            <Flex justify="end">
              <Button type="submit" size="3" loading={fetcher.state !== "idle"}>
                Save Details
              </Button>
            </Flex>
            <Text size="1" color="gray">
              Your username and role are set by your organization.
            </Text>
          </Flex>
        </fetcher.Form>
      </section>
    </Card>
  );
}
