import { Badge, Button, Container, Flex, Heading, Link, Table, Text, TextField } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NoRecords, SearchForm } from "~/components/list-parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Loading } from "~/components/programs/report-parts";
import { FormErrors } from "~/components/forms";
import { approveOrganizationRequest, declineOrganizationRequest, organizationRequestsOf } from "#modules/organizations";
import { LEVEL } from "#modules/identity/client";
import { isDomainError } from "#modules/kernel";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Organization Requests" }];

const PAGE_SIZE = 20;
const STATUSES = ["Pending", "Approved", "Declined"] as const;
type Status = (typeof STATUSES)[number];

/**
 * /requests/organization (decision 067): the organization requests, newest first, by status (Pending first
 * shown), searched by name; granters and superadmins approve or decline them. The organization account
 * (level 4, the page's own rule) sees where a new organization is asked for, not the list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  const decides = (auth?.subject.level ?? 0) >= LEVEL.granter;
  const url = new URL(request.url);
  const status: Status = (STATUSES as readonly string[]).includes(url.searchParams.get("status") ?? "") ? (url.searchParams.get("status") as Status) : "Pending";
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const list = decides && auth ? await organizationRequestsOf(context.services, auth, { page, page_size: PAGE_SIZE, status, search }) : { data: [], count: 0 };
  return json({ decides, status, search, page, ...list, pages: Math.max(1, Math.ceil(list.count / PAGE_SIZE)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth || auth.subject.level < LEVEL.granter) throw json({ code: "FORBIDDEN", message: "Only granters and superadmins decide organization requests" }, { status: 403 });
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  try {
    const done =
      form.get("intent") === "approve"
        ? await approveOrganizationRequest(context.services, auth, id)
        : await declineOrganizationRequest(context.services, auth, id, form.get("reason") ?? "");
    return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, { type: "success", title: done.message }, context.services.production);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ id, error: error.message }, { status: error.status });
  }
}

export default function OrganizationRequestsPage() {
  const { decides, status, search, page, pages, data, count } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const query = (over: Record<string, string | number>) => `?${new URLSearchParams({ status, search, page: String(page), ...Object.fromEntries(Object.entries(over).map(([k, v]) => [k, String(v)])) }).toString()}`;
  return (
    <Container size="4" px="5" py="6">
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          Organization Requests
        </Heading>
        <Text size="2" color="gray">
          Requests for a new organization. Anyone may send one from{" "}
          <Link asChild>
            <RemixLink to="/requests/organization/new">the request form</RemixLink>
          </Link>
          ; approving one creates the organization and invites its contact person as its organization account.
        </Text>
      </Flex>
      {!decides ? (
        <Text as="p" size="2">
          Granters and superadmins decide organization requests.
        </Text>
      ) : (
        <>
          <Flex gap="3" mb="4" wrap="wrap" align="end">
            <Flex gap="2" role="group" aria-label="Status">
              {STATUSES.map((s) => (
                <Button key={s} asChild variant={s === status ? "solid" : "soft"} size="2">
                  <RemixLink to={query({ status: s, page: 1 })} aria-current={s === status ? "page" : undefined}>
                    {s}
                  </RemixLink>
                </Button>
              ))}
            </Flex>
            <SearchForm search={search} label="Search by name" keep={{ status }} />
          </Flex>
          {failed ? <FormErrors errors={[failed.error]} /> : null}
          {data.length === 0 ? <NoRecords testId="organization-requests-empty" /> : (
            <Loading label="Organization requests">
            <Table.Root variant="surface" aria-label="Organization requests">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Address</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Contact Person</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.map((r) => (
                  <Table.Row key={r.id} data-testid="organization-request-row" data-name={r.name}>
                    <Table.RowHeaderCell>{r.name}</Table.RowHeaderCell>
                    <Table.Cell>{r.type === "school" ? "School" : "Other"}</Table.Cell>
                    <Table.Cell>
                      {r.street_address}, {r.city}, {r.state} {r.postal_code}
                    </Table.Cell>
                    <Table.Cell>
                      {r.contact_first_name} {r.contact_last_name}
                      <Text as="div" size="1" color="gray">
                        {r.contact_email} · {r.contact_phone}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge color={r.status === "Approved" ? "green" : r.status === "Declined" ? "red" : "amber"}>{r.status}</Badge>
                      {r.reason ? (
                        <Text as="div" size="1" color="gray">
                          {r.reason}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      {r.status === "Pending" ? (
                        <Flex direction="column" gap="2">
                          <Form method="post">
                            <input type="hidden" name="id" value={r.id} />
                            <Button type="submit" name="intent" value="approve" size="1" disabled={busy} aria-label={`Approve ${r.name}`}>
                              Approve
                            </Button>
                          </Form>
                          <Form method="post">
                            <input type="hidden" name="id" value={r.id} />
                            <Flex gap="1">
                              <TextField.Root name="reason" size="1" placeholder="Reason" aria-label={`Reason to decline ${r.name}`} required />
                              <Button type="submit" name="intent" value="decline" size="1" color="red" variant="soft" disabled={busy} aria-label={`Decline ${r.name}`}>
                                Decline
                              </Button>
                            </Flex>
                          </Form>
                        </Flex>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            </Loading>
          )}
          <Flex justify="between" align="center" mt="4">
            <Text size="2" color="gray">
              {count} {count === 1 ? "request" : "requests"} · page {page} of {pages}
            </Text>
            <Flex gap="2">
              {page > 1 ? (
                <Button asChild variant="soft" size="1">
                  <RemixLink to={query({ page: page - 1 })}>Previous</RemixLink>
                </Button>
              ) : null}
              {page < pages ? (
                <Button asChild variant="soft" size="1">
                  <RemixLink to={query({ page: page + 1 })}>Next</RemixLink>
                </Button>
              ) : null}
            </Flex>
          </Flex>
        </>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
