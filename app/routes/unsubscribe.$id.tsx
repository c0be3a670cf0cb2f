import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WarningIcon } from "~/components/icons";
import { unsubscribeByLink, unsubscribeView } from "#modules/mail";
import { guardPage } from "~/utils/page-guard.server";

/**
 * /unsubscribe/{id} (auth optional): `{id}` is a signed token naming an address and an organization
 * (decision 059). GET asks to confirm (a link scanner opening the page changes nothing); POST turns the
 * organization's newsletters off for the address, from this page's button or a mail client's one-click
 * unsubscribe (RFC 8058). A forged or damaged token gets a clear message, never an error page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  return json({ view: await unsubscribeView(context.services, params.id ?? "") }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await guardPage(request, context.services);
  const view = await unsubscribeByLink(context.services, params.id ?? "");
  return json({ view }, { status: view.ok ? 200 : 400 });
}

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>().view;
  const acted = useActionData<typeof action>()?.view;
  const view = acted ?? loaded;
  const submitting = useNavigation().state === "submitting";

  if (!view.ok) {
    return (
      <AuthLayout title="Unsubscribe">
        <Callout.Root color="amber" role="alert" data-testid="unsubscribe-invalid">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>{view.message}</Callout.Text>
        </Callout.Root>
      </AuthLayout>
    );
  }
  if (view.unsubscribed) {
    return (
      <AuthLayout title="Unsubscribe">
        <Callout.Root color="green" role="status" data-testid="unsubscribe-done">
          <Callout.Text>{`You are unsubscribed: ${view.address} no longer receives newsletters from ${view.organizationName}.`}</Callout.Text>
        </Callout.Root>
        <Text as="p" size="2" color="gray">
          Messages about your account, such as invitations and password resets, still arrive.
        </Text>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Unsubscribe" description={`Stop the newsletters of ${view.organizationName} to ${view.address}?`}>
      <Form method="post">
        <Flex direction="column" gap="4">
          <Text as="p" size="2" color="gray">
            Messages about your account, such as invitations and password resets, still arrive.
          </Text>
          <Button type="submit" size="3" loading={submitting}>
            Unsubscribe
          </Button>
        </Flex>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
