import { Callout, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TeacherRequestForm } from "~/components/requests/request-form";
import requestStyles from "~/components/requests/requests.css";
import { teacherRequestSchema } from "#modules/requests/client";
import { requestFormAction, requestFormLoader } from "~/utils/request-form.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: requestStyles }];

/** School organizations only (`?organization={id}`, decision 066): another organization shows a clear refusal (404). */
export const loader = (args: LoaderFunctionArgs) => requestFormLoader(args, "teacher");

export const action = (args: ActionFunctionArgs) => requestFormAction(args, "teacher", () => teacherRequestSchema);

export default function TeacherRequestPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!page.ok)
    return (
      <AuthLayout title={page.title}>
        <Callout.Root color="amber" role="status">
          <Callout.Text>{page.message}</Callout.Text>
        </Callout.Root>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Teacher Membership Request" description={<Text>Ask for a teacher account at {page.organization.name}. Staff read every request and answer by e-mail.</Text>} wide>
      <TeacherRequestForm schema={teacherRequestSchema} actionData={actionData?.result ? { result: actionData.result, sent: actionData.sent } : undefined} />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
