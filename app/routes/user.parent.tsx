import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { mayExportParents, mayManageParents, parentOf, parentsPageOf } from "#modules/family";
import { newId } from "#modules/kernel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportExportButton } from "~/components/exports/report-export-button";
import { ParentForm } from "~/components/parents/parent-form";
import { ParentPanel } from "~/components/parents/parent-panel";
import { ParentTable } from "~/components/parents/parent-table";
import type { ParentRow } from "~/components/parents/parent-types";
import parentStyles from "~/components/parents/parents.css";
import { StaffListControls, StaffListPager, useQueryHref } from "~/components/programs/staff-list-controls";
import staffStyles from "~/components/programs/staff-pages.css";
import userStyles from "~/components/users/users.css";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { handleParentForm } from "~/utils/parent-form.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: userStyles },
  { rel: "stylesheet", href: parentStyles },
];
export const meta: MetaFunction = () => [{ title: "Parents" }];

/**
 * /user/parent (decision 064), for staff with 'Manage parents': the organization's parents with their
 * children's names, searched (a parent's name or e-mail, a child's name), filtered (with or without
 * children), paged; 'Create Parent' (?edit=new) and, on a parent (?parent={id}), their children with
 * Unlink and 'Link a child' in a panel beside the list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayManageParents);
  const url = new URL(request.url);
  const page = await parentsPageOf(context.services, auth, url.searchParams);
  const edit = url.searchParams.get("edit") === "new";
  const parentId = url.searchParams.get("parent");
  let selected: unknown = null;
  if (parentId && !edit) {
    try {
      selected = await parentOf(context.services, auth, parentId);
    } catch {
      url.searchParams.delete("parent");
      throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
    }
  }
  return json({
    rows: page.data as ParentRow[],
    count: page.count,
    search: page.query.search,
    children: page.query.children ?? "",
    page: page.query.page,
    size: page.query.size,
    totalPages: page.totalPages,
    editing: edit,
    selected: selected as ParentRow | null,
    commandId: newId(),
    canExport: mayExportParents(auth),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayManageParents);
  const form = await readForm(request);
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  return handleParentForm(context.services, auth, request, form, `/user/parent${url.searchParams.size ? `?${url.searchParams}` : ""}`);
}

export default function ParentsPage() {
  const data = useLoaderData<typeof loader>();
  const href = useQueryHref();
  const open = data.editing || data.selected !== null;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Parents
          </Heading>
          <Text size="2" color="gray">
            The organization&apos;s parents and guardians, and the children linked to each. A child may have several guardians.
          </Text>
        </Flex>
        <Flex gap="3" align="start" wrap="wrap">
          {data.canExport ? (
            <ReportExportButton kind="parent-list" filters={{ search: data.search, ...(data.children ? { children: data.children } : {}) }} testId="export-parents" />
          ) : null}
          {data.editing ? null : (
            <Button asChild>
              <RemixLink to={href({ edit: "new", parent: null })} preventScrollReset>
                Create Parent
              </RemixLink>
            </Button>
          )}
        </Flex>
      </Flex>
      <div className="rc-staff-layout" data-open={open ? "" : undefined}>
        <div className="rc-staff-list">
          <StaffListControls
            search={data.search}
            filterKey="children"
            filter={data.children}
            filters={[
              { value: "", label: "All" },
              { value: "with", label: "With children" },
              { value: "without", label: "No children" },
            ]}
            count={data.count}
            noun={["parent", "parents"]}
            searchLabel="Search by name, e-mail or a child's name"
          />
          <ParentTable
            rows={data.rows}
            manageHref={(id) => href({ parent: id, edit: null })}
            emptyText={data.search ? `No parents match '${data.search}'.` : "No parents here yet."}
          />
          <StaffListPager page={data.page} size={data.size} totalPages={data.totalPages} />
        </div>
        {open ? (
          <div className="rc-staff-panel">
            {data.editing ? (
              <ParentForm commandId={data.commandId} closeHref={href({ edit: null })} />
            ) : data.selected ? (
              <ParentPanel key={data.selected.id} parent={data.selected} commandId={data.commandId} closeHref={href({ parent: null })} />
            ) : null}
          </div>
        ) : null}
      </div>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
