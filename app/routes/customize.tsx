import { Card, Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toast/toaster";
import { OrganizationSettingsForm } from "~/components/customize/organization-settings-form";
import { ThemePicker } from "~/components/customize/theme-picker";
import { ApiReferenceCard } from "~/components/api-docs/api-reference-card";
import type { Notice } from "~/components/user-groups/types";
import { customizeData } from "#modules/organizations";
import { handleCustomizeForm } from "~/utils/customize-page.server";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";

/** /customize, Customize Scoreboard: the organization's settings and its theme colour. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  return json(await customizeData(context.services, auth));
}

/** intent settings or theme; the answer carries conform's result and the notice to show. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const { data, status } = await handleCustomizeForm(context.services, auth, await readForm(request));
  return json(data, { status });
}

export default function CustomizePage() {
  const { settings, mainColor, timeZones } = useLoaderData<typeof loader>();
  const showToast = useToast();
  const done = useCallback((notice: Notice) => showToast(notice), [showToast]);
  return (
    <Container size="3" px="5" py="6">
      <Heading as="h1" size="7" mb="2">
        Customize Scoreboard
      </Heading>
      <Text as="p" color="gray" mb="5">
        How {settings.name} looks, what it is called, and which features it uses.
      </Text>
      <Flex direction="column" gap="6">
        <ThemePicker mainColor={mainColor} onDone={done} />
        <OrganizationSettingsForm settings={settings} timeZones={timeZones} onDone={done} />
        <ApiReferenceCard />
        {/* API keys and webhooks live on a page of their own, reached from here (decision 080) */}
        <Card size="2">
          <Heading as="h2" size="5" mb="1">
            Integrations
          </Heading>
          <Text as="p" size="2">
            API keys and webhooks connect {settings.name} to other systems.{" "}
            <Link asChild underline="always">
              <RemixLink to="/integrations">Manage integrations</RemixLink>
            </Link>
          </Text>
        </Card>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
