import { Button, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { ParentRow } from "./parent-types";

/** The parents' list (decision 064): name, e-mail, phone number, their children's names, and Manage. */
export function ParentTable({ rows, manageHref, emptyText }: { rows: ParentRow[]; manageHref: (id: string) => string; emptyText: string }) {
  if (rows.length === 0) {
    return (
      <Text as="p" size="2" color="gray" data-testid="parents-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    // a scrollable region a keyboard must reach (axe scrollable-region-focusable)
    <div className="rc-user-table" role="region" aria-label="Parents" tabIndex={0}>
      <Table.Root variant="surface" size="2" data-testid="parent-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Phone Number</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Children</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((p) => (
            <Table.Row key={p.id} data-testid="parent-row" data-parent-id={p.id}>
              <Table.RowHeaderCell>
                <Text weight="medium">
                  {p.first_name} {p.last_name}
                </Text>
              </Table.RowHeaderCell>
              <Table.Cell data-label="E-mail">{p.email ?? ""}</Table.Cell>
              <Table.Cell data-label="Phone Number">{p.phone_number ?? ""}</Table.Cell>
              <Table.Cell data-testid="parent-children" data-label="Children">
                {p.children && p.children.length > 0 ? (
                  p.children.map((c) => c.full_name).join(", ")
                ) : (
                  <Text color="gray">No children linked</Text>
                )}
              </Table.Cell>
              <Table.Cell data-label="">
                <Button size="1" variant="soft" asChild>
                  <RemixLink to={manageHref(p.id)} preventScrollReset aria-label={`Manage ${p.first_name} ${p.last_name}'s children`}>
                    Children
                  </RemixLink>
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
