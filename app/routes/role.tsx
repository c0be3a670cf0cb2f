import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toast/toaster";
import { DeleteUserGroupDialog } from "~/components/user-groups/delete-user-group-dialog";
import { assignableLevels, canManageLevel } from "~/components/user-groups/options";
import type { Notice, UserGroupView } from "~/components/user-groups/types";
import { UserGroupDialog } from "~/components/user-groups/user-group-dialog";
import { UserGroupTable } from "~/components/user-groups/user-group-table";
import { signedInPage } from "~/utils/page-guard.server";
import { userGroupsOf } from "#modules/identity";
import { handleUserGroupForm } from "~/utils/role-page.server";
import { readForm } from "~/utils/page-form.server";

/** /role, User Groups (spec-2 sections 2, 3 and 5 "Role"): the table, and create / edit / delete in dialogs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  return json({ groups: await userGroupsOf(context.services, auth), userLevel: auth.user.roleLevel });
}

/** intent create / update / delete; the answer carries conform's result and the notice to show. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const { data, status } = await handleUserGroupForm(context.services, auth, request, await readForm(request));
  return json(data, { status });
}

export default function UserGroupsPage() {
  const { groups, userLevel } = useLoaderData<typeof loader>();
  const levels = assignableLevels(userLevel);
  const [editing, setEditing] = useState<UserGroupView | "new" | null>(null);
  const [deleting, setDeleting] = useState<UserGroupView | null>(null);
  const showToast = useToast();

  // the mutation toasts of spec-2 section 8: 'User Group successfully created/updated/deleted', or the refusal
  const formDone = useCallback(
    (notice: Notice) => {
      showToast(notice);
      setEditing(null);
    },
    [showToast],
  );
  const deleteDone = useCallback(
    (notice: Notice) => {
      showToast(notice);
      setDeleting(null);
    },
    [showToast],
  );

  return (
    <Container size="4" px="5" py="6">
      <Flex align="center" justify="between" gap="4" wrap="wrap" mb="2">
        <Heading as="h1" size="7">
          User Groups
        </Heading>
        {levels.length ? <Button onClick={() => setEditing("new")}>Create User Group</Button> : null}
      </Flex>
      <Text as="p" color="gray" mb="5">
        Each group has a level, an icon, a colour and the permissions its members get.
      </Text>
      <UserGroupTable
        groups={groups}
        canManage={(group) => canManageLevel(userLevel, group.level)}
        onEdit={(group) => setEditing(group)}
        onDelete={(group) => setDeleting(group)}
      />
      <UserGroupDialog target={editing} levels={levels} onClose={() => setEditing(null)} onDone={formDone} />
      <DeleteUserGroupDialog key={deleting?.id ?? "none"} group={deleting} onClose={() => setDeleting(null)} onDone={deleteDone} />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
