import { Card, Container, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardPage } from "~/utils/page-guard.server";

const ORGANIZATION_TYPE_LABELS = { school: "School", other: "Community organization" } as const;

/** Home (kiosk allowed): who is signed in, for which organization, in which role. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw new Response("Not signed in", { status: 401 });
  return json({
    firstName: auth.user.firstName,
    fullName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
    role: auth.user.roleDisplayName || auth.user.roleName,
    organization: auth.organization.name,
    organizationType: ORGANIZATION_TYPE_LABELS[auth.organization.type],
  });
}

export default function HomePage() {
  const home = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="5" py="6">
      <Flex direction="column" gap="5">
        <Heading as="h1" size="7">
          Welcome, {home.firstName}
        </Heading>
        <Card size="3" asChild>
          <section aria-labelledby="home-account-heading">
            <Heading as="h2" size="4" mb="1" id="home-account-heading">
              {home.organization}
            </Heading>
            <Text as="p" size="2" color="gray" mb="4">
              You are signed in to {home.organization}.
            </Text>
            <DataList.Root>
              <DataList.Item>
                <DataList.Label>Name</DataList.Label>
                <DataList.Value>{home.fullName}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Role</DataList.Label>
                <DataList.Value>{home.role}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Organization type</DataList.Label>
                <DataList.Value>{home.organizationType}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </section>
        </Card>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
