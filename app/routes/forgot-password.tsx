import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Link } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors } from "~/components/forms";
import { CheckCircleIcon } from "~/components/icons";
import { forgotPasswordAllowed, requestPasswordReset, RESET_REQUESTED_MESSAGE } from "#modules/identity";
import { forgotPasswordSchema } from "#modules/identity/client";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  return json({});
}

/** Always the same answer, so the form does not tell who has an account; the link goes to the mail outbox. */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage(request, context.services);
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: null }, { status: 400 });
  const limit = await forgotPasswordAllowed(context.services, context.clientIp);
  if (!limit.allowed) {
    return json(
      { result: submission.reply({ formErrors: [limit.message] }), sent: null },
      { status: limit.status, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await requestPasswordReset(context.services, submission.value.login);
  return json({ result: submission.reply({ resetForm: true }), sent: RESET_REQUESTED_MESSAGE });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password-form",
    constraint: getZodConstraint(forgotPasswordSchema),
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  return (
    <AuthLayout title="Forgot Password" description="Enter your e-mail address or username and we will send you a link to choose a new password.">
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
          <Field
            label="E-mail or username"
            inputProps={{ ...getInputProps(fields.login, { type: "text" }), autoComplete: "username", autoFocus: true }}
            errors={fields.login.errors}
          />
          <Button type="submit" size="3" loading={submitting}>
            Send Reset Link
          </Button>
          <Flex justify="center">
            <Link asChild size="2">
              <RemixLink to="/login">Back to Log In</RemixLink>
            </Link>
          </Flex>
        </Flex>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
