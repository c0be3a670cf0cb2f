import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Link } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, type ComponentProps } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors } from "~/components/forms";
import { WarningIcon } from "~/components/icons";
import { clearSessionCookie, MIN_PASSWORD_LENGTH, PASSWORD_RESET_DONE, resetPassword } from "#modules/identity";
import { resetPasswordSchema } from "#modules/identity/client";
import { guardPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/page-form.server";

const HIDDEN = ["password", "confirmPassword"];

/** The link's token and user id (from the e-mail); whether they are still good is decided on submit. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  const query = new URL(request.url).searchParams;
  const token = query.get("token") ?? "";
  const user = query.get("user") ?? "";
  return json({ token, user, complete: token !== "" && user !== "", minPasswordLength: MIN_PASSWORD_LENGTH });
}

/** ResetPassword on the user's stream; on success every session of the user ends and /login says so. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await guardPage(request, services);
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema(MIN_PASSWORD_LENGTH) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const { user, token, password } = submission.value;
  const result = await resetPassword(services, { userId: user, token, password });
  if (!result.ok) return json({ result: submission.reply({ formErrors: [result.message], hideFields: HIDDEN }) }, { status: result.status });
  return redirectWithToast("/login", { type: "success", title: PASSWORD_RESET_DONE }, services.production, [clearSessionCookie(services.production)]);
}

export default function ResetPasswordPage() {
  const { token, user, complete, minPasswordLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const schema = useMemo(() => resetPasswordSchema(minPasswordLength), [minPasswordLength]);
  const [form, fields] = useForm({
    id: "reset-password-form",
    constraint: getZodConstraint(schema),
    lastResult: actionData?.result,
    defaultValue: { token, user },
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  if (!complete) {
    return (
      <AuthLayout title="Reset Password">
        <Callout.Root color="amber" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.</Callout.Text>
        </Callout.Root>
        <Link asChild size="2">
          <RemixLink to="/forgot-password">Ask for a new reset link</RemixLink>
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset Password" description="Choose a new password for your account.">
      <Form method="post" {...getFormProps(form)}>
        <HiddenInput inputProps={getInputProps(fields.token, { type: "hidden" })} />
        <HiddenInput inputProps={getInputProps(fields.user, { type: "hidden" })} />
        <Flex direction="column" gap="4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            label="New password"
            hint={`At least ${minPasswordLength} characters.`}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: true }}
            errors={fields.password.errors}
          />
          <Field
            label="Confirm new password"
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.confirmPassword.errors}
          />
          <Button type="submit" size="3" loading={submitting}>
            Reset Password
          </Button>
          <Flex justify="center">
            <Link asChild size="2">
              <RemixLink to="/forgot-password">Ask for a new reset link</RemixLink>
            </Link>
          </Flex>
        </Flex>
      </Form>
    </AuthLayout>
  );
}

function HiddenInput({ inputProps }: { inputProps: ComponentProps<"input"> & { key?: string | null } }) {
  const { key, ...props } = inputProps;
  return <input key={key ?? undefined} {...props} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
