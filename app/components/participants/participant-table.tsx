import { Avatar, Badge, Code, Flex, Link, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { ParticipantListItem } from "#modules/participants/client";
import { INVITATION_COLORS } from "./participant-account-card";

const STATUS_COLORS = { Active: "green", Inactive: "gray", Alumni: "blue" } as const;

const initials = (p: ParticipantListItem) => `${p.first_name.charAt(0)}${p.last_name.charAt(0)}`.toUpperCase();

/** The participant list: photo (or initials), full name, Member ID, status, waiver, age; for those who invite, their own account's invitation (decision 068). */
export function ParticipantTable({ rows, emptyText, editHref }: { rows: ParticipantListItem[]; emptyText: string; editHref?: ((id: string) => string) | null }) {
  if (rows.length === 0) {
    return (
      <Text as="p" color="gray" my="6">
        {emptyText}
      </Text>
    );
  }
  const invitations = rows.some((p) => p.invitation_status !== undefined);
  return (
    <Table.Root variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="56px">
            <VisuallyHidden>Photo</VisuallyHidden>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Full Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Member ID</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Waiver Signed</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Age</Table.ColumnHeaderCell>
          {invitations ? <Table.ColumnHeaderCell>Invitation</Table.ColumnHeaderCell> : null}
          {editHref ? (
            <Table.ColumnHeaderCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeaderCell>
          ) : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((p) => (
          <Table.Row key={p.id} align="center">
            <Table.Cell>
              <Avatar size="2" radius="full" src={p.photo_url ?? undefined} fallback={initials(p)} alt="" />
            </Table.Cell>
            <Table.RowHeaderCell>
              <Link asChild>
                <RemixLink to={`/participants/${p.id}`}>{p.full_name}</RemixLink>
              </Link>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Code variant="ghost" size="2" data-testid="member-id">
                {p.member_id}
              </Code>
            </Table.Cell>
            <Table.Cell>
              <Flex direction="column" gap="1" align="start">
                <Badge variant="soft" color={STATUS_COLORS[p.status as keyof typeof STATUS_COLORS] ?? "gray"}>
                  {p.status}
                </Badge>
                {p.status_reason ? (
                  <Text size="1" color="gray" data-testid="status-reason">
                    {p.status_reason}
                  </Text>
                ) : null}
              </Flex>
            </Table.Cell>
            <Table.Cell>
              <Flex>
                <Badge variant="soft" color={p.is_waiver_signed ? "green" : "red"}>
                  {p.is_waiver_signed ? "Yes" : "No"}
                </Badge>
              </Flex>
            </Table.Cell>
            <Table.Cell justify="end">{p.age ?? ""}</Table.Cell>
            {invitations ? (
              <Table.Cell>
                {p.invitation_status ? (
                  <Flex>
                    <Badge variant="soft" color={INVITATION_COLORS[p.invitation_status as keyof typeof INVITATION_COLORS] ?? "gray"} data-testid="participant-invitation">
                      {p.invitation_status}
                    </Badge>
                  </Flex>
                ) : null}
              </Table.Cell>
            ) : null}
            {editHref ? (
              <Table.Cell>
                <Link asChild size="2">
                  <RemixLink to={editHref(p.id)} preventScrollReset aria-label={`Edit ${p.full_name}`}>
                    Edit
                  </RemixLink>
                </Link>
              </Table.Cell>
            ) : null}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
