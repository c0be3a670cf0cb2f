import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DomainError } from "#modules/kernel";
import { mayDecideRequests, requestFormAction, requestsPageOf } from "#modules/requests";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StaffListControls, StaffListPager } from "~/components/programs/staff-list-controls";
import staffStyles from "~/components/programs/staff-pages.css";
import { RequestTable, type RequestView } from "~/components/requests/request-list";
import requestStyles from "~/components/requests/requests.css";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: requestStyles },
];
export const meta: MetaFunction = () => [{ title: "Requests" }];

/**
 * /requests (decision 066): the membership requests the caller may decide (teacher requests: 'create coach
 * profiles'; member and parent requests: 'create participant profiles'), by status (Pending first), searched, paged.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayDecideRequests);
  const page = await requestsPageOf(context.services, auth, new URL(request.url).searchParams);
  return json({
    rows: page.data as RequestView[],
    count: page.count,
    search: page.query.search ?? "",
    status: page.query.status ?? "all",
    page: page.query.page,
    size: page.query.size,
    totalPages: page.totalPages,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayDecideRequests);
  try {
    const message = await requestFormAction(context.services, auth, await readForm(request));
    const url = new URL(request.url);
    return redirectWithToast(`/requests${url.search}`, { type: "success", title: message }, context.services.production);
  } catch (error) {
    if (error instanceof DomainError) return json({ problem: error.message }, { status: error.status });
    throw error;
  }
}

export default function RequestsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction="column" gap="1" mb="4">
        <Heading as="h1" size="7">
          Membership Requests
        </Heading>
        <Text size="2" color="gray">
          People who asked to join through the public request forms. Approving creates the account and sends the invitation; declining tells them why.
        </Text>
      </Flex>
      <StaffListControls
        search={data.search}
        filterKey="status"
        filter={data.status === "Pending" ? "" : data.status}
        filters={[
          { value: "", label: "Pending" },
          { value: "Approved", label: "Approved" },
          { value: "Declined", label: "Declined" },
          { value: "all", label: "All" },
        ]}
        count={data.count}
        noun={["request", "requests"]}
        searchLabel="Search by name or e-mail"
      />
      <RequestTable rows={data.rows} mayDecide emptyText={data.search ? `No requests match '${data.search}'.` : "No requests here."} />
      <StaffListPager page={data.page} size={data.size} totalPages={data.totalPages} />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
