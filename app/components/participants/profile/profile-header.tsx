import { Avatar, Badge, Box, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { FlagBadge } from "~/components/flag-badge";
import type { Profile } from "./types";

/** Photo, name, Member ID, status, the flags' badges (decision 037) and, for auditors, Audit History. */
export function ProfileHeader({ profile, canAudit }: { profile: Profile; canAudit: boolean }) {
  const p = profile.person;
  return (
    <Flex gap="4" align="center" mb="5" wrap="wrap">
      <Avatar size="6" radius="full" src={p.photo_url ?? undefined} fallback={`${p.first_name.charAt(0)}${p.last_name.charAt(0)}`.toUpperCase()} alt="" />
      <Box minWidth="0">
        <Heading as="h1" size="7">
          {p.full_name}
        </Heading>
        <Flex gap="2" align="center" mt="1" wrap="wrap">
          <Text size="2" color="gray" highContrast>
            Member ID {p.member_id}
          </Text>
          <Badge variant="soft">{p.status}</Badge>
          {p.is_flagged ? <FlagBadge type="stop" data-testid="header-flag" /> : null}
          {p.is_warned ? <FlagBadge type="warn" data-testid="header-flag" /> : null}
          {canAudit && (
            <Link asChild size="2">
              <RemixLink to={`/participants/${p.id}/audit`}>Audit History</RemixLink>
            </Link>
          )}
        </Flex>
      </Box>
    </Flex>
  );
}
