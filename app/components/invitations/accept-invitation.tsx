import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo, type ComponentProps } from "react";
import { acceptInvitationSchema } from "#modules/identity/client";
import { AuthLayout } from "~/components/auth-layout";
import { Field, FormErrors } from "~/components/forms";
import { WarningIcon } from "~/components/icons";
import { OrgLogo } from "~/components/shell/org-logo";

type Organization = { name: string; logoUrl: string | null; logoAlt: string };
export type AcceptView =
  | { state: "ready"; kind: "coach" | "participant"; organization: Organization; person: { first_name: string; last_name: string; phone_number: string; email: string }; minPasswordLength: number }
  | { state: "expired"; organization: Organization | null; canAsk: boolean };
export type AcceptActionData = { result?: SubmissionResult<string[]>; requested: string | null; expired: boolean } | undefined;

function OrganizationHeader({ organization }: { organization: Organization }) {
  return (
    <Flex align="center" gap="3" data-testid="invitation-organization">
      <OrgLogo name={organization.name} alt={organization.logoAlt} url={organization.logoUrl} />
      <Text size="4" weight="bold">
        {organization.name}
      </Text>
    </Flex>
  );
}

/**
 * The invitation's accept page (decision 063): the organization's name and logo, a password (the reset
 * rules) and the profile (first and last name, phone number); a dead link says 'Token expired' and offers
 * to ask the organization for a new invitation.
 */
export function AcceptInvitation({ view, userId, token, actionData }: { view: AcceptView; userId: string; token: string; actionData: AcceptActionData }) {
  if (view.state === "expired" || actionData?.expired) {
    const organization = view.organization;
    const canAsk = view.state === "expired" ? view.canAsk : true;
    return (
      <AuthLayout title="Token expired" description="This invitation link has expired, was already used, or was withdrawn.">
        {organization ? <OrganizationHeader organization={organization} /> : null}
        {actionData?.requested ? (
          <Callout.Root color="green" role="status">
            <Callout.Text>{actionData.requested}</Callout.Text>
          </Callout.Root>
        ) : canAsk ? (
          <Form method="post">
            <input type="hidden" name="intent" value="request-new" />
            <input type="hidden" name="user_id" value={userId} />
            <input type="hidden" name="token" value={token} />
            <Flex direction="column" gap="3">
              <Text as="p" size="2">
                Ask {organization?.name ?? "your organization"} to send you a new invitation by e-mail.
              </Text>
              <Button type="submit" size="3">
                Ask for a new invitation
              </Button>
            </Flex>
          </Form>
        ) : (
          <Callout.Root color="amber" role="alert">
            <Callout.Icon>
              <WarningIcon />
            </Callout.Icon>
            <Callout.Text>Contact your organization for a new invitation.</Callout.Text>
          </Callout.Root>
        )}
      </AuthLayout>
    );
  }
  return <AcceptForm view={view} userId={userId} token={token} actionData={actionData} />;
}

function AcceptForm({ view, userId, token, actionData }: { view: Extract<AcceptView, { state: "ready" }>; userId: string; token: string; actionData: AcceptActionData }) {
  const submitting = useNavigation().state === "submitting";
  const schema = useMemo(() => acceptInvitationSchema(view.minPasswordLength), [view.minPasswordLength]);
  const [form, fields] = useForm({
    id: "accept-invitation-form",
    constraint: getZodConstraint(schema),
    lastResult: actionData?.result,
    defaultValue: { user_id: userId, token, first_name: view.person.first_name, last_name: view.person.last_name, phone_number: view.person.phone_number },
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <AuthLayout title="Accept your invitation" description={`Set your password and check your details to join ${view.organization.name}.`}>
      <OrganizationHeader organization={view.organization} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="accept" />
        <HiddenInput inputProps={getInputProps(fields.user_id, { type: "hidden" })} />
        <HiddenInput inputProps={getInputProps(fields.token, { type: "hidden" })} />
        <Flex direction="column" gap="4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Text as="p" size="2" color="gray">
            You will sign in as <strong>{view.person.email}</strong>.
          </Text>
          <Field label="First name" inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }} errors={fields.first_name.errors} />
          <Field label="Last name" inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }} errors={fields.last_name.errors} />
          <Field label="Phone number" inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "tel" }} errors={fields.phone_number.errors} />
          <Field
            label="Password"
            hint={`At least ${view.minPasswordLength} characters.`}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.password.errors}
          />
          <Field label="Confirm password" inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }} errors={fields.confirmPassword.errors} />
          <Button type="submit" size="3" loading={submitting}>
            Accept Invitation
          </Button>
        </Flex>
      </Form>
    </AuthLayout>
  );
}

function HiddenInput({ inputProps }: { inputProps: ComponentProps<"input"> & { key?: string | null } }) {
  const { key, ...props } = inputProps;
  return <input key={key ?? undefined} {...props} />;
}
