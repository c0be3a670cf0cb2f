import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { Notice, UserGroupActionData, UserGroupView } from "./types";

type Props = { group: UserGroupView | null; onClose: () => void; onDone: (notice: Notice) => void };

/** 'Are you sure you want to delete {name}?' (spec-2 section 8); a refusal comes back as an error notice. */
export function DeleteUserGroupDialog({ group, onClose, onDone }: Props) {
  const fetcher = useFetcher<UserGroupActionData>();
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  useEffect(() => {
    if (notice) onDone(notice);
  }, [notice, onDone]);
  const name = group ? group.display_name || group.name : "";
  return (
    <AlertDialog.Root open={group !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Content maxWidth="450px">
        <AlertDialog.Title>Delete User Group</AlertDialog.Title>
        <AlertDialog.Description size="2">Are you sure you want to delete {name}?</AlertDialog.Description>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={group?.id ?? ""} />
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color="red" loading={fetcher.state !== "idle"}>
              Delete
            </Button>
          </Flex>
        </fetcher.Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
