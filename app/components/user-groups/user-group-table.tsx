import { Badge, Button, Flex, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { LEVEL_LABELS } from "./options";
import type { UserGroupView } from "./types";

type Props = {
  groups: UserGroupView[];
  /** whether the signed-in user may change a group of this level */
  canManage: (group: UserGroupView) => boolean;
  onEdit: (group: UserGroupView) => void;
  onDelete: (group: UserGroupView) => void;
};

/** The organization's user groups: display name, name, level, icon and how many permissions. */
export function UserGroupTable({ groups, canManage, onEdit, onDelete }: Props) {
  if (groups.length === 0) {
    return (
      <Text as="p" color="gray">
        No user groups yet.
      </Text>
    );
  }
  return (
    <Table.Root variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Display Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Level</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Icon</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Permissions</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {groups.map((group) => {
          const label = group.display_name || group.name;
          const manageable = canManage(group);
          return (
            <Table.Row key={group.id} align="center">
              <Table.RowHeaderCell>
                <Flex align="center" gap="2">
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: "50%", background: group.scheme_main, flexShrink: 0 }} />
                  {label}
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>
                <Text color="gray">{group.name}</Text>
              </Table.Cell>
              <Table.Cell>
                {group.level} · {LEVEL_LABELS[group.level as keyof typeof LEVEL_LABELS] ?? ""}
              </Table.Cell>
              <Table.Cell>
                <Badge variant="soft" color="gray">
                  {group.icon}
                </Badge>
              </Table.Cell>
              <Table.Cell justify="end">{group.permission_ids.length}</Table.Cell>
              <Table.Cell justify="end">
                {manageable ? (
                  <Flex gap="2" justify="end">
                    <Button size="1" variant="soft" onClick={() => onEdit(group)} aria-label={`Edit ${label}`}>
                      Edit
                    </Button>
                    <Button size="1" variant="soft" color="red" onClick={() => onDelete(group)} aria-label={`Delete ${label}`}>
                      Delete
                    </Button>
                  </Flex>
                ) : (
                  <Text size="1" color="gray">
                    Above your level
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
