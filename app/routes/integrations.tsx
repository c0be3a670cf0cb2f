import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ApiKeysSection } from "~/components/integrations/api-keys-section";
import { WebhooksSection } from "~/components/integrations/webhooks-section";
import { PERMISSION_LABELS, type PermissionId } from "#modules/identity";
import { apiKeysOf, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPE_NAMES, webhookCall, webhooksOf } from "#modules/integrations";
import { handleIntegrationsForm } from "~/utils/integrations-page.server";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";

/** /integrations (decision 080): the organization's API keys and webhooks, for its admins. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const [keys, hooks] = await Promise.all([apiKeysOf(context.services, auth), webhooksOf(context.services, auth)]);
  const endpoints = await Promise.all(hooks.data.map(async (hook) => ({ ...(await webhookCall(context.services, auth, hook.id)), failing_since: hook.failing_since })));
  return json({
    keys: keys.data,
    endpoints,
    // a key may hold only what its creator holds
    permissions: auth.user.permissionIds.map((id) => ({ value: id, label: PERMISSION_LABELS[id as PermissionId] ?? id })),
    eventTypes: WEBHOOK_EVENT_TYPE_NAMES.map((name) => ({ value: name, label: WEBHOOK_EVENT_TYPES[name].label })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const { data, status } = await handleIntegrationsForm(context.services, auth, request, await readForm(request));
  return json(data, { status });
}

export default function IntegrationsPage() {
  const { keys, endpoints, permissions, eventTypes } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="5" py="6">
      <Heading as="h1" size="7" mb="2">
        Integrations
      </Heading>
      <Text as="p" color="gray" mb="5">
        Connect other systems: API keys let them call Rollcall, webhooks tell them when something happens.
      </Text>
      <Flex direction="column" gap="6">
        <ApiKeysSection keys={keys} permissions={permissions} />
        <WebhooksSection endpoints={endpoints} eventTypes={eventTypes} />
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
