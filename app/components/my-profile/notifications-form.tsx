import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { NOTIFICATION_LABELS } from "#modules/identity/client";
import { SimpleSwitch } from "../customize/switch-field";
import { FormErrors } from "../forms";
import type { Notice } from "../user-groups/types";
import { notificationsFormSchema } from "./notifications-form-schema";
import type { MyProfileActionData } from "./types";
import { useNotice } from "./use-notice";

export type NotificationDefaults = { newsletters: boolean; program_updates: boolean };

/** Which optional e-mails one receives (decision 060); invitations and password resets always go. */
export function NotificationsForm({ defaults, onDone }: { defaults: NotificationDefaults; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<MyProfileActionData>();
  const [form, fields] = useForm({
    id: "my-profile-notifications",
    lastResult: fetcher.data?.intent === "notifications" ? fetcher.data.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: notificationsFormSchema, disableAutoCoercion: true }),
  });
  useNotice(fetcher, onDone);

  return (
    <Card size="3" asChild>
      <section aria-labelledby="notifications-heading">
        <fetcher.Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="notifications" />
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5" id="notifications-heading">
              E-mail Notifications
            </Heading>
            <FormErrors id={form.errorId} errors={form.errors} />
            <SimpleSwitch name={fields.newsletters.name} {...NOTIFICATION_LABELS.newsletters} defaultChecked={defaults.newsletters} />
            <SimpleSwitch name={fields.program_updates.name} {...NOTIFICATION_LABELS.program_updates} defaultChecked={defaults.program_updates} />
            <Text size="1" color="gray">
              Invitations, password resets and other messages about your account are always sent.
            </Text>
            <Flex justify="end">
              <Button type="submit" size="3" loading={fetcher.state !== "idle"}>
                Save Preferences
              </Button>
            </Flex>
          </Flex>
        </fetcher.Form>
      </section>
    </Card>
  );
}
