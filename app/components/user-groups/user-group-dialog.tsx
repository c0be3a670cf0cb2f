import { Dialog } from "@radix-ui/themes";
import type { RoleLevel } from "#modules/identity/client";
import { UserGroupForm } from "./user-group-form";
import type { Notice, UserGroupView } from "./types";

type Props = {
  /** null: closed; "new": create; a group: edit it */
  target: UserGroupView | "new" | null;
  levels: RoleLevel[];
  onClose: () => void;
  onDone: (notice: Notice) => void;
};

/** Create and edit share one dialog (medium width, spec-1 section 9: 610 px). */
export function UserGroupDialog({ target, levels, onClose, onDone }: Props) {
  const group = target === "new" ? null : target;
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="610px">
        <Dialog.Title>{group ? "Edit User Group" : "Create User Group"}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {group ? `Change ${group.display_name || group.name}.` : "Name the group, pick its level, icon and colour, and what its members may do."}
        </Dialog.Description>
        {target !== null ? <UserGroupForm key={group?.id ?? "new"} group={group} levels={levels} onDone={onDone} onCancel={onClose} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
