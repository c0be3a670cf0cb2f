import { Box, Container, Flex, Link, Select, Spinner, Tabs, Text } from "@radix-ui/themes";
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { PROFILE_TAB_LABELS, type ProfileTab } from "#modules/participants/client";
import { participantProfileOf } from "#modules/participants";
import { balancesFor, mayAwardAny } from "#modules/points";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ParticipantNotFound } from "~/components/participants/participant-not-found";
import { ProfileNotesTab } from "~/components/participants/profile/notes-tab";
import { OverviewTab } from "~/components/participants/profile/overview-tab";
import { ProfileHeader } from "~/components/participants/profile/profile-header";
import { ProgramsTab } from "~/components/participants/profile/programs-tab";
import { VisitsTab } from "~/components/participants/profile/visits-tab";
import type { Profile } from "~/components/participants/profile/types";
import { guardPage } from "~/utils/page-guard.server";

/**
 * /participants/{id}?tab=overview|visits|notes|programs: the participant's profile (issue 15; decision
 * 039), read only. The tab is in the URL (a link opens it, Back returns to the last one) and the loader
 * renders it; the person's fields are those the viewer's role may see (decision 027).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const url = new URL(request.url);
  const profile = await participantProfileOf(context.services, auth, params.id, { tab: url.searchParams.get("tab"), page: url.searchParams.get("page") });
  if (!profile) return json({ found: false as const }, { status: 404 });
  // the auditor's replay (decision 021): linked for holders of 'view audit history'
  const canAudit = auth.user.permissionIds.includes("CAN_VIEW_AUDIT_HISTORY");
  // the member's points balance, for staff who award points (decision 075)
  const points = mayAwardAny(auth) ? ((await balancesFor(context.services, auth.organization.id, [profile.participant.id])).get(profile.participant.id) ?? 0) : null;
  return json({ found: true as const, ...profile, canAudit, points });
}

function TabBody({ profile, tab }: { profile: Profile; tab: ProfileTab }) {
  switch (tab) {
    case "overview":
      return <OverviewTab profile={profile} />;
    case "visits":
      return <VisitsTab profile={profile} />;
    case "notes":
      return <ProfileNotesTab profile={profile} />;
    case "programs":
      return <ProgramsTab profile={profile} />;
    default: {
      const never: never = tab;
      return never;
    }
  }
}

export default function ParticipantPage() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  if (!data.found) return <ParticipantNotFound />;
  const { canAudit, points, found: _found, ...profile } = data;
  const id = profile.participant.id;
  // the tab being opened, while its data loads: the list shows it selected at once
  const pending = navigation.location?.pathname === `/participants/${id}` ? (new URLSearchParams(navigation.location.search).get("tab") as ProfileTab | null) : null;
  const selected = pending && profile.tabs.includes(pending) ? pending : profile.tab;
  const open = (tab: string) => navigate(`/participants/${id}?tab=${tab}`, { preventScrollReset: true });
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Text as="p" size="2" mb="3">
        <Link asChild>
          <RemixLink to="/participants">Participants</RemixLink>
        </Link>
      </Text>
      <ProfileHeader profile={profile} canAudit={canAudit} />
      {points !== null ? (
        <Text as="p" size="2" mb="3" data-testid="profile-points">
          Points:{" "}
          <Link asChild>
            <RemixLink to="/points-rewards">
              <strong>{points}</strong>
            </RemixLink>
          </Link>
        </Text>
      ) : null}
      <Tabs.Root value={selected} activationMode="manual" onValueChange={open}>
        {/* spec-2 section 2: more than 3 tabs scroll, each at least 190 px wide; a phone gets a select instead */}
        <Box display={{ initial: "none", sm: "block" }}>
          <Tabs.List aria-label="Participant profile" data-testid="profile-tabs" style={{ overflowX: "auto" }}>
            {profile.tabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} style={{ minWidth: 190 }}>
                {PROFILE_TAB_LABELS[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Box display={{ initial: "block", sm: "none" }}>
          <Select.Root value={selected} onValueChange={open}>
            <Select.Trigger aria-label="Profile section" data-testid="profile-tab-select" style={{ width: "100%", minHeight: 44 }} />
            <Select.Content position="popper">
              {profile.tabs.map((tab) => (
                <Select.Item key={tab} value={tab}>
                  {PROFILE_TAB_LABELS[tab]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Box>
        <Box pt="4">
          {profile.tabs.map((tab) => (
            <Tabs.Content key={tab} value={tab} data-testid={`profile-tab-${tab}`}>
              {selected !== profile.tab ? (
                <Flex align="center" gap="2" role="status">
                  <Spinner size="3" />
                  <Text size="2">Loading…</Text>
                </Flex>
              ) : tab === profile.tab ? (
                <TabBody profile={profile} tab={tab} />
              ) : null}
            </Tabs.Content>
          ))}
        </Box>
      </Tabs.Root>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
