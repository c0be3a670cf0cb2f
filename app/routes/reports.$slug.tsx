import { Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isAdminOrAbove } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { mayViewReports, tableauPageOf } from "#modules/reports";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageNotFound } from "~/components/page-not-found";
import { TableauViz } from "~/components/reports/tableau-viz";
import { signedInPage } from "~/utils/page-guard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && "page" in data ? data.page.title : "Report" }];

/**
 * /reports/{slug} (issue 21, decision 098): a configured Tableau report, embedded with the Embedding API v3 web
 * component served by the app, authenticated by a connected-app token made on the server for this page view. The
 * report feature must be on and the slug configured (else 404); a misconfiguration tells admins what is wrong.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayViewReports);
  try {
    const page = await tableauPageOf(auth, params.slug ?? "", isAdminOrAbove(auth.user.roleLevel));
    // the viewer signs in to the Tableau server and frames the view: this page's policy names that server
    if (page.kind === "ready") context.allowOrigins([new URL(page.link).origin]);
    return json({ page }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return json({ found: false as const }, { status: 404 });
    throw error;
  }
}

export default function TableauReportPage() {
  const data = useLoaderData<typeof loader>();
  if (!("page" in data)) return <PageNotFound />;
  const { page } = data;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="5">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {page.title}
        </Heading>
        {page.kind === "ready" ? (
          <TableauViz src={page.link} token={page.token} title={page.title} />
        ) : page.problems ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              This report cannot be shown until its settings are corrected on Customize Scoreboard: {page.problems.join(" ")}
            </Callout.Text>
          </Callout.Root>
        ) : (
          <Callout.Root color="gray" role="status">
            <Callout.Text>This report is not available right now. Please ask an administrator.</Callout.Text>
          </Callout.Root>
        )}
        <Text size="1" color="gray">
          The built-in dashboards are on the Dashboards page.
        </Text>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
