import { Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { DomainError } from "#modules/kernel";
import { surveyReport, surveysOf } from "#modules/surveys";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import staffStyles from "~/components/programs/staff-pages.css";
import { Pager, SurveyCards, SurveyReport, type SurveyReportView, type SurveySummaryView } from "~/components/surveys/survey-views";
import surveyStyles from "~/components/surveys/surveys.css";
import { guardPage } from "~/utils/page-guard.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: surveyStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && "report" in data && data.report ? `${data.report.survey.name} · Survey report` : "Surveys" }];

const SIZE = 20;
const pageOf = (value: string | null) => {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 100_000 ? n : 0;
};

/**
 * /survey (decision 074): staff with 'create survey' or 'export survey results' see the summary list (completions,
 * partial completions) and, with ?report={id}, a survey's report: the answers per question and the participants.
 * Surveys are built through the /api/survey calls in this step; the builder form is the next.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const url = new URL(request.url);
  const page = pageOf(url.searchParams.get("page"));
  const reportId = url.searchParams.get("report");
  if (reportId) {
    try {
      const report = await surveyReport(context.services, auth, reportId, { page, size: SIZE });
      return json({ report: report as unknown as SurveyReportView, page, totalPages: Math.max(1, Math.ceil(report.count / SIZE)) });
    } catch (error) {
      if (error instanceof DomainError && error.status === 404) throw new Response("Survey not found", { status: 404 });
      throw error;
    }
  }
  const list = await surveysOf(context.services, auth, { page, size: SIZE });
  return json({ rows: list.data as SurveySummaryView[], count: list.count, page, totalPages: Math.max(1, Math.ceil(list.count / SIZE)) });
}

export default function SurveysPage() {
  const data = useLoaderData<typeof loader>();
  if ("report" in data) {
    return (
      <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
        <Flex direction="column" gap="1" mb="4">
          <Link asChild size="2">
            <RemixLink to="/survey">All surveys</RemixLink>
          </Link>
          <Heading as="h1" size="7">
            {data.report.survey.name}
          </Heading>
          {data.report.survey.description ? (
            <Text size="2" color="gray">
              {data.report.survey.description}
            </Text>
          ) : null}
        </Flex>
        <SurveyReport report={data.report} />
        <Pager page={data.page} totalPages={data.totalPages} base={`/survey?report=${data.report.survey.id}&`} />
      </Container>
    );
  }
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction="column" gap="1" mb="4">
        <Heading as="h1" size="7">
          Surveys
        </Heading>
        <Text size="2" color="gray">
          How members answer the organization&apos;s surveys: completed and in-progress responses, and each survey&apos;s report.
        </Text>
      </Flex>
      <SurveyCards rows={data.rows} />
      <Pager page={data.page} totalPages={data.totalPages} base="/survey?" />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
