import { Box, Card, Container, DataList, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsForm } from "~/components/my-profile/notifications-form";
import { PasswordForm } from "~/components/my-profile/password-form";
import { ProfilePhoto } from "~/components/my-profile/profile-photo";
import { ProfileForm } from "~/components/my-profile/profile-form";
import { useToast } from "~/components/toast/toaster";
import type { Notice } from "~/components/user-groups/types";
import { MIN_PASSWORD_LENGTH, ownProfileOf } from "#modules/identity";
import { registeredFileUrl } from "#modules/uploads";
import { handleMyProfileForm } from "~/utils/my-profile.server";
import { signedInPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";

/** /my-profile: the signed-in user's own account, editable (decision 060; hidden for a kiosk). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const [{ data }, photoUrl] = await Promise.all([
    ownProfileOf(context.services, auth),
    registeredFileUrl(context.services, auth.organization.id, "user", auth.user.id),
  ]);
  return json({
    userId: auth.user.id,
    photoUrl,
    profile: {
      first_name: data.first_name,
      last_name: data.last_name,
      email: data.email ?? "",
      phone_number: data.phone_number ?? "",
    },
    notifications: data.notifications,
    username: data.username ?? "",
    // the role display name, or the role name when there is none (spec-2 section 2, "Profile menu")
    role: auth.user.roleDisplayName || auth.user.roleName,
    organization: auth.organization.name,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  });
}

/** intent profile, password or notifications: always the caller's own account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const { data, status } = await handleMyProfileForm(context.services, auth, request, await readForm(request), context.clientIp);
  return json(data, { status });
}

export default function MyProfilePage() {
  const { userId, photoUrl, profile, notifications, username, role, organization, minPasswordLength } = useLoaderData<typeof loader>();
  const showToast = useToast();
  const done = useCallback((notice: Notice) => showToast(notice), [showToast]);
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Heading as="h1" size="7" mb="5">
        My Profile
      </Heading>
      <Card size="3" mb="5">
        <Flex direction={{ initial: "column", sm: "row" }} gap="5" align={{ initial: "start", sm: "center" }} justify="between">
          <Flex align="center" gap="4">
            <ProfilePhoto userId={userId} firstName={profile.first_name} lastName={profile.last_name} photoUrl={photoUrl} />
            <Flex direction="column">
              <Text size="5" weight="bold" data-testid="profile-full-name">
                {fullName}
              </Text>
              <Text color="gray">{role}</Text>
            </Flex>
          </Flex>
          <DataList.Root aria-label="Account" orientation={{ initial: "vertical", xs: "horizontal" }}>
            <DataList.Item>
              <DataList.Label>Username</DataList.Label>
              <DataList.Value>{username}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Organization</DataList.Label>
              <DataList.Value>{organization}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Flex>
      </Card>
      <Grid columns={{ initial: "1", md: "2" }} gap="5" align="start">
        <Box>
          <ProfileForm defaults={profile} onDone={done} />
        </Box>
        <Flex direction="column" gap="5">
          <PasswordForm minPasswordLength={minPasswordLength} onDone={done} />
          <NotificationsForm defaults={notifications} onDone={done} />
        </Flex>
      </Grid>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
