import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FieldError, FormErrors } from "~/components/forms";
import { CheckCircleIcon } from "~/components/icons";
import { submitOrganizationRequest } from "#modules/organizations";
import { organizationRequestSchema } from "#modules/organizations/client";
import { isDomainError } from "#modules/kernel";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";

export const meta: MetaFunction = () => [{ title: "Request an Organization" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  return json({});
}

/**
 * /requests/organization/new (decision 067): anyone asks for a new organization. The same call as POST
 * /api/organization-request (limited per client address, the honeypot dropped); a name taken is said on its field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage(request, context.services);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: organizationRequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: null }, { status: 400 });
  try {
    const answer = await submitOrganizationRequest(context.services, Object.fromEntries(form), context.clientIp, null);
    return json({ result: submission.reply({ resetForm: true }), sent: `${answer.message}. A granter will review it; the contact person hears by e-mail.` });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fieldErrors = (error.details?.fieldErrors ?? undefined) as Record<string, string[]> | undefined;
    return json({ result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.message] }), sent: null }, { status: error.status });
  }
}

export default function OrganizationRequestPage() {
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "organization-request-form",
    constraint: getZodConstraint(organizationRequestSchema),
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    defaultValue: { type: "other" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: organizationRequestSchema }),
  });
  const text = (name: keyof typeof fields, label: string, autoComplete?: string, type: "text" | "email" | "tel" = "text") => (
    <Field label={label} inputProps={{ ...getInputProps(fields[name], { type }), autoComplete }} errors={fields[name].errors} />
  );

  return (
    <AuthLayout title="Request an Organization" description="Tell us about your organization. When a granter approves it, the contact person gets an invitation to set it up.">
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          {actionData?.sent ? (
            <Callout.Root color="green" role="status">
              <Callout.Icon>
                <CheckCircleIcon />
              </Callout.Icon>
              <Callout.Text>{actionData.sent}</Callout.Text>
            </Callout.Root>
          ) : null}
          <FormErrors id={form.errorId} errors={form.errors} />
          <Heading as="h2" size="3">
            Organization
          </Heading>
          {text("name", "Name", "organization")}
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={fields.type.id} size="2" weight="medium">
              Type
            </Text>
            <select {...getSelectProps(fields.type)} className="rc-user-select">
              <option value="school">School</option>
              <option value="other">Other</option>
            </select>
            <FieldError meta={fields.type} />
          </Flex>
          {text("street_address", "Street Address", "street-address")}
          <Grid columns={{ initial: "1", sm: "3" }} gap="3">
            {text("city", "City", "address-level2")}
            {text("state", "Province/State", "address-level1")}
            {text("postal_code", "Postal Code", "postal-code")}
          </Grid>
          <Heading as="h2" size="3">
            Contact Person
          </Heading>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            {text("contact_first_name", "First Name", "given-name")}
            {text("contact_last_name", "Last Name", "family-name")}
            {text("contact_email", "E-mail", "email", "email")}
            {text("contact_phone", "Phone Number", "tel", "tel")}
          </Grid>
          {/* the honeypot: hidden from people and from assistive technology; a robot fills it */}
          <div style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }} aria-hidden="true">
            <label htmlFor="organization-request-website">Website</label>
            <input id="organization-request-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <Button type="submit" size="3" loading={submitting}>
            Send Request
          </Button>
        </Flex>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
