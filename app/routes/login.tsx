import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Link } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors } from "~/components/forms";
import { cookieOf, SESSION_COOKIE, sessionCookie, signIn } from "#modules/identity";
import { loginSchema } from "#modules/identity/client";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  return json({});
}

/** Sign-in: 400 'Incorrect username or password.', 429 after too many attempts; success opens a new session. */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage(request, context.services);
  const submission = parseWithZod(await readForm(request), { schema: loginSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const result = await signIn(context.services, { ...submission.value, ip: context.clientIp, previousToken: cookieOf(request, SESSION_COOKIE) });
  if (!result.ok) {
    return json(
      { result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }) },
      { status: result.status, headers: result.headers },
    );
  }
  return redirect("/", { headers: { "Set-Cookie": sessionCookie(result.token, context.services.production) } });
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "login-form",
    constraint: getZodConstraint(loginSchema),
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });

  return (
    <AuthLayout title="Log In" description="Sign in with your username or e-mail address.">
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            label="Username or e-mail"
            inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoFocus: true }}
            errors={fields.username.errors}
          />
          <Field
            label="Password"
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
          <Button type="submit" size="3" loading={submitting}>
            Log In
          </Button>
          <Flex justify="center">
            <Link asChild size="2">
              <RemixLink to="/forgot-password">Forgot your password?</RemixLink>
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
