import { Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DomainError } from "#modules/kernel";
import { allReports, mayViewReports, rangeOf, reportChoices, type ReportChoices, type ReportFigures } from "#modules/reports";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DashboardCard } from "~/components/reports/dashboard-card";
import { ALL, ReportFilters, type FilterValues } from "~/components/reports/report-filters";
import { signedInPage } from "~/utils/page-guard.server";

export const meta: MetaFunction = () => [{ title: "Reports" }];

const FILTERS = ["from", "to", "program_id", "group_id", "age_band", "gender"] as const;

/** The query's filters, "All" and blanks left out. */
function filtersOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTERS) {
    const v = url.searchParams.get(key)?.trim();
    if (v && v !== ALL) out[key] = v;
  }
  return out;
}

/**
 * /reports (decisions 092-094): the built-in dashboards for every organization, from the rollups the projector
 * keeps; each dashboard's CSV is GET /api/report/{name}/csv (the same figures as GET /api/report/{name}).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayViewReports);
  const url = new URL(request.url);
  const raw = filtersOf(url);
  try {
    const { reports, choices } = await allReports(context.services, auth, raw);
    const values: FilterValues = { program_id: "", group_id: "", age_band: "", gender: "", ...raw, from: reports[0]?.from ?? "", to: reports[0]?.to ?? "" };
    return json({ reports, choices, values, problem: null as string | null });
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 400) throw error;
    const choices = await reportChoices(context.services, auth);
    const fallback = rangeOf({}, new Date().toISOString().slice(0, 10));
    const values: FilterValues = { program_id: "", group_id: "", age_band: "", gender: "", from: "from" in fallback ? fallback.from : "", to: "to" in fallback ? fallback.to : "", ...raw };
    return json({ reports: [] as ReportFigures[], choices, values, problem: error.message as string | null }, { status: 400 });
  }
}

type PageData = { reports: ReportFigures[]; choices: ReportChoices; values: FilterValues; problem: string | null };

export default function ReportsPage() {
  const { reports, choices, values, problem } = useLoaderData<typeof loader>() as unknown as PageData;
  const query = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== ""));
  const csvHref = (name: string) => `/api/report/${name}/csv?${query.toString()}`;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Reports
          </Heading>
          <Text color="gray" size="2">
            Built-in dashboards for your organization. Figures are counted in the organization&apos;s time zone and kept up to date as members check in.
          </Text>
        </Flex>
        <ReportFilters values={values} programs={choices.programs} groups={choices.groups} ageBands={choices.ageBands} genders={choices.genders} />
        {problem ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{problem}</Callout.Text>
          </Callout.Root>
        ) : null}
        <div style={{ display: "grid", gap: "var(--space-4)", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 30rem), 1fr))" }}>
          {reports.map((figures) => (
            <DashboardCard key={figures.name} figures={figures} csvHref={csvHref(figures.name)} />
          ))}
        </div>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
