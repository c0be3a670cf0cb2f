import { Callout, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MemberRequestForm } from "~/components/requests/request-form";
import requestStyles from "~/components/requests/requests.css";
import { memberRequestSchema } from "#modules/requests/client";
import { requestFormAction, requestFormLoader } from "~/utils/request-form.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: requestStyles }];

/** The organization is named by `?organization={id}` (decision 066); an unknown one shows a clear page (404). */
export const loader = (args: LoaderFunctionArgs) => requestFormLoader(args, "member");

export const action = (args: ActionFunctionArgs) => requestFormAction(args, "member", (page) => memberRequestSchema(page.today));

export default function MembershipRequestPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = useMemo(() => memberRequestSchema(page.ok ? page.today : "9999-12-31"), [page]);
  if (!page.ok)
    return (
      <AuthLayout title={page.title}>
        <Callout.Root color="amber" role="status">
          <Callout.Text>{page.message}</Callout.Text>
        </Callout.Root>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Membership Request" description={<Text>Ask to join {page.organization.name}. Staff read every request and answer by e-mail.</Text>} wide>
      <MemberRequestForm schema={schema} actionData={actionData?.result ? { result: actionData.result, sent: actionData.sent } : undefined} />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
