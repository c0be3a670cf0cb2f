import { parseWithZod } from "@conform-to/zod/v4";
import { Callout, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MemberRequestForm } from "~/components/requests/request-form";
import requestStyles from "~/components/requests/requests.css";
import { requestFormPageOf, submitRequest } from "#modules/requests";
import { memberRequestSchema } from "#modules/requests/client";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: requestStyles }];

/** The organization is named by `?organization={id}` (decision 066); an unknown one shows a clear page (404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  const page = await requestFormPageOf(context.services, new URL(request.url).searchParams.get("organization"), "member");
  return json(page, { status: page.ok ? 200 : 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage(request, context.services);
  const organizationId = new URL(request.url).searchParams.get("organization");
  const page = await requestFormPageOf(context.services, organizationId, "member");
  if (!page.ok) return json({ result: null, sent: null }, { status: 404 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: memberRequestSchema(page.today) });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: null }, { status: 400 });
  const outcome = await submitRequest(context.services, { organizationId, form: "member", body: Object.fromEntries(formData), clientIp: context.clientIp });
  if (!outcome.ok) {
    const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
    return json({ result: submission.reply({ formErrors: [outcome.message] }), sent: null }, { status: outcome.status, headers });
  }
  return json({ result: submission.reply({ resetForm: true }), sent: outcome.message });
}

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
