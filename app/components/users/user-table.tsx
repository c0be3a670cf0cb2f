import { Badge, Button, Flex, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { UserRow } from "./user-types";

const STATUS_COLOR = { Active: "green", Inactive: "gray", Alumni: "blue" } as const;
const INVITATION_COLOR = { Pending: "amber", Invited: "blue", Expired: "red", Accepted: "green" } as const;

const mdy = (iso: string | undefined) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");

/**
 * The user list's table (decision 061): name, e-mail, phone number, status with its reason, the invitation
 * (Pending, Invited, Expired, Accepted; empty for accounts that were never invited) with its actions when
 * given (decision 063), created date, and Edit for those who may. Columns the caller's role may not see come empty (decision 027).
 */
export function UserTable({ rows, editHref, emptyText, invitationActions }: { rows: UserRow[]; editHref: ((id: string) => string) | null; emptyText: string; invitationActions?: (user: UserRow) => ReactNode }) {
  if (rows.length === 0) {
    return (
      <Text as="p" size="2" color="gray" data-testid="users-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    // a scrollable region a keyboard must reach (axe scrollable-region-focusable)
    <div className="rc-user-table" role="region" aria-label="Users" tabIndex={0}>
      <Table.Root variant="surface" size="2" data-testid="user-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Phone Number</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Invitation</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
            {editHref ? (
              <Table.ColumnHeaderCell>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.ColumnHeaderCell>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((u) => (
            <Table.Row key={u.id} data-testid="user-row" data-user-id={u.id}>
              <Table.RowHeaderCell>
                <Text weight="medium">
                  {u.first_name} {u.last_name}
                </Text>
              </Table.RowHeaderCell>
              <Table.Cell data-label="E-mail">{u.email ?? ""}</Table.Cell>
              <Table.Cell data-label="Phone Number">{u.phone_number ?? ""}</Table.Cell>
              <Table.Cell data-label="Status">
                <Flex direction="column" gap="1" align="start">
                  <Badge color={STATUS_COLOR[u.status as keyof typeof STATUS_COLOR] ?? "gray"} variant="soft" data-testid="user-status">
                    {u.status}
                  </Badge>
                  {u.status_reason ? (
                    <Text size="1" color="gray">
                      {u.status_reason}
                    </Text>
                  ) : null}
                </Flex>
              </Table.Cell>
              <Table.Cell data-label="Invitation">
                <Flex direction="column" gap="1" align="start">
                  {u.invitation_status ? (
                    <Badge color={INVITATION_COLOR[u.invitation_status as keyof typeof INVITATION_COLOR] ?? "gray"} variant="soft" data-testid="user-invitation">
                      {u.invitation_status}
                    </Badge>
                  ) : null}
                  {invitationActions?.(u)}
                </Flex>
              </Table.Cell>
              <Table.Cell data-label="Created">{mdy(u.created_date)}</Table.Cell>
              {editHref ? (
                <Table.Cell data-label="">
                  <Button size="1" variant="soft" asChild>
                    <RemixLink to={editHref(u.id)} preventScrollReset aria-label={`Edit ${u.first_name} ${u.last_name}`}>
                      Edit
                    </RemixLink>
                  </Button>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
