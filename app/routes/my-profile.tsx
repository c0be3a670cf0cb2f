import { Avatar, Card, Container, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardPage } from "~/utils/page-guard.server";

/** /my-profile: the signed-in user's own account, from the session's read model (hidden for a kiosk). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const { user, organization } = auth;
  return json({
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    // the role display name, or the role name when there is none (spec-2 section 2, "Profile menu")
    role: user.roleDisplayName || user.roleName,
    organization: organization.name,
  });
}

const initialsOf = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || "?";

export default function MyProfilePage() {
  const profile = useLoaderData<typeof loader>();
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <Container size="2" px="5" py="6">
      <Heading as="h1" size="7" mb="5">
        My Profile
      </Heading>
      <Card size="3">
        <Flex align="center" gap="4" mb="5">
          <Avatar size="5" radius="full" fallback={initialsOf(profile.firstName, profile.lastName)} alt="" />
          <Flex direction="column">
            <Text size="5" weight="bold">
              {fullName}
            </Text>
            <Text color="gray">{profile.role}</Text>
          </Flex>
        </Flex>
        <DataList.Root aria-label="Account details">
          <DataList.Item>
            <DataList.Label>First Name</DataList.Label>
            <DataList.Value>{profile.firstName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Last Name</DataList.Label>
            <DataList.Value>{profile.lastName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Username</DataList.Label>
            <DataList.Value>{profile.username}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>E-mail</DataList.Label>
            <DataList.Value>{profile.email}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Role</DataList.Label>
            <DataList.Value>{profile.role}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Organization</DataList.Label>
            <DataList.Value>{profile.organization}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <Text as="p" size="2" color="gray" mt="4">
        Editing your profile comes later.
      </Text>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
