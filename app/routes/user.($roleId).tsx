import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useNavigate } from "@remix-run/react";
import { groupLabel, mayViewUsers, renewalRequestsAmong, staffUserListPageOf } from "#modules/identity";
import { USER_SORT_OPTIONS } from "#modules/identity/client";
import { newId } from "#modules/kernel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportExportButton } from "~/components/exports/report-export-button";
import { StaffListControls, StaffListPager, useQueryHref } from "~/components/programs/staff-list-controls";
import staffStyles from "~/components/programs/staff-pages.css";
import { UserForm } from "~/components/users/user-form";
import { UserTable } from "~/components/users/user-table";
import type { EditedUser, UserRow } from "~/components/users/user-types";
import userStyles from "~/components/users/users.css";
import { readForm } from "~/utils/page-form.server";
import { forbiddenPage, signedInPage } from "~/utils/page-guard.server";
import { handleStaffUserForm } from "~/utils/staff-user-form.server";
import { InvitationButtons } from "~/components/users/invitation-buttons";
import { handleInvitationForm, isInvitationIntent } from "~/utils/invitation-form.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: userStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && "title" in data ? data.title : "Users" }];

/**
 * /user/{role_id}: one staff user group's users (decision 061), for those who view or create coach
 * profiles or view the coach list: searched (name, e-mail, username), filtered by status, sorted, paged;
 * those who create coach profiles create and edit users in a panel (?edit=new|{id}); the list exports to
 * CSV through the background exports. /user alone shows the first staff group; a participant or parent
 * group's id goes to its own list; an unknown or another organization's group is the 404 page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, route } = await signedInPage(request, context.services);
  // another registry page under /user (the parents' list) that has no route file of its own yet
  if (route.id !== "user-group") return json({ found: "elsewhere" as const, title: route.title });
  if (!mayViewUsers(auth)) throw forbiddenPage();
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const page = await staffUserListPageOf(context.services, auth, params.roleId, url.searchParams, edit);
  if (page.redirect) throw redirect(page.redirect);
  if (!page.group) return json({ found: false as const, title: "Users" }, { status: 404 });
  if (edit && !page.editing) {
    url.searchParams.delete("edit");
    throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
  }
  const title = groupLabel({ id: page.group.id, name: page.group.name, displayName: page.group.display_name }, auth.organization.type === "school");
  // whose dead invitation link asked for a new one (decision 063)
  const renewalRequested = page.canManage ? await renewalRequestsAmong(context.services, auth, page.rows.map((r) => r.id as string)) : [];
  return json({ found: true as const, title, ...page, commandId: newId(), renewalRequested });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, route } = await signedInPage(request, context.services);
  if (route.id !== "user-group") throw new Response("This page does not take submissions.", { status: 405, headers: { Allow: "GET" } });
  if (!mayViewUsers(auth)) throw forbiddenPage();
  const form = await readForm(request);
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  const path = params.roleId ? `/user/${encodeURIComponent(params.roleId)}` : "/user";
  // Invite, Resend and Revoke on a row (decision 063)
  if (isInvitationIntent(form.get("intent"))) return handleInvitationForm(context.services, auth, form, `${path}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
  return handleStaffUserForm(context.services, auth, request, form, `${path}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
}

export default function UserListPage() {
  const data = useLoaderData<typeof loader>();
  const href = useQueryHref();
  const navigate = useNavigate();
  if (data.found === "elsewhere") {
    return (
      <Container size="3" px="5" py="6">
        <Heading as="h1" size="7" mb="3">
          {data.title}
        </Heading>
        <Text as="p" size="3" color="gray">
          This area is not available yet.
        </Text>
      </Container>
    );
  }
  if (!data.found) {
    return (
      <Container size="3" px="5" py="6">
        <Heading as="h1" size="7" mb="3">
          User group not found
        </Heading>
        <Text as="p" color="gray">
          This user group does not exist in your organization.
        </Text>
      </Container>
    );
  }
  const editing = data.editing;
  const rows = data.rows as UserRow[];
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            {data.title}
          </Heading>
          <Text size="2" color="gray">
            The people of this user group: their status, and whether they have accepted their invitation.
          </Text>
        </Flex>
        <Flex gap="3" align="start" wrap="wrap">
          {data.canExport ? (
            <ReportExportButton kind="user-list" filters={{ roleId: data.group.id, search: data.search, statuses: data.status ? [data.status] : [] }} testId="export-users" />
          ) : null}
          {data.canManage && !editing ? (
            <Button asChild>
              <RemixLink to={href({ edit: "new" })} preventScrollReset>
                Create User
              </RemixLink>
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <div className="rc-staff-layout" data-open={editing ? "" : undefined}>
        <div className="rc-staff-list">
          <StaffListControls
            search={data.search}
            filterKey="status"
            filter={data.status}
            filters={[
              { value: "", label: "All" },
              { value: "Active", label: "Active" },
              { value: "Inactive", label: "Inactive" },
              { value: "Alumni", label: "Alumni" },
            ]}
            count={data.count}
            countCapped={data.countCapped}
            noun={["user", "users"]}
            searchLabel="Search by name, e-mail or username"
          />
          <Flex align="center" gap="2" mb="3">
            <Text as="label" size="2" htmlFor="user-sort">
              Sort by
            </Text>
            <select id="user-sort" className="rc-user-select" value={data.sort} onChange={(e) => navigate(href({ sort: e.target.value === "created_date desc" ? null : e.target.value, page: null }), { preventScrollReset: true })}>
              {USER_SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Flex>
          <UserTable
            rows={rows}
            editHref={data.canManage ? (id) => href({ edit: id }) : null}
            emptyText={data.search ? `No users match '${data.search}'.` : data.status ? `No ${data.status} users in this group.` : "No users in this group yet."}
            invitationActions={data.canManage ? (u) => <InvitationButtons user={u} commandId={data.commandId} renewalRequested={data.renewalRequested.includes(u.id)} /> : undefined}
          />
          <StaffListPager page={data.page} size={data.size} totalPages={data.totalPages} />
        </div>
        {editing ? (
          <div className="rc-staff-panel">
            <UserForm
              key={editing === "new" ? "new" : editing.id}
              user={editing === "new" ? null : (editing as EditedUser)}
              groupId={data.group.id}
              groups={data.assignable}
              commandId={data.commandId}
              closeHref={href({ edit: null })}
              isSelf={editing !== "new" && editing.id === data.selfId}
            />
          </div>
        ) : null}
      </div>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
