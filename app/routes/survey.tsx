import { Button, Callout, Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { challengeChoicesOf } from "#modules/challenges";
import { DomainError } from "#modules/kernel";
import { GENDER_OPTIONS } from "#modules/participants";
import { changeSurveyStatus, createSurvey, mayBuildSurveys, mayExportSurveyResults, pairSurvey, surveyCall, surveyEvaluationResult, surveyReport, surveysOf, updateSurvey } from "#modules/surveys";
import { draftOf, type SavedSurvey } from "~/components/surveys/builder-model";
import { SurveyBuilder } from "~/components/surveys/survey-builder";
import commStyles from "~/components/communications/communications.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportExportButton } from "~/components/exports/report-export-button";
import staffStyles from "~/components/programs/staff-pages.css";
import { PairForm } from "~/components/surveys/pair-form";
import { Pager, SurveyCards, SurveyEvaluation, SurveyReport, type EvaluationView, type SurveyReportView, type SurveySummaryView } from "~/components/surveys/survey-views";
import surveyStyles from "~/components/surveys/surveys.css";
import { readForm } from "~/utils/page-form.server";
import { guardPage, signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: surveyStyles },
  // the audience checklists (ChoiceList)
  { rel: "stylesheet", href: commStyles },
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
 * With ?build=new or ?build={id}, the builder ('create survey', decisions 110, 111, 117).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const url = new URL(request.url);
  const page = pageOf(url.searchParams.get("page"));
  const build = url.searchParams.get("build");
  if (build) {
    // the builder (decisions 110, 111): 'create survey' only
    if (!mayBuildSurveys(auth)) throw new Response("You may not build surveys", { status: 403 });
    const choices = await challengeChoicesOf(context.services, auth);
    try {
      const survey = build === "new" ? null : await surveyCall(context.services, auth, build);
      return json({ kind: "build" as const, survey: survey as unknown as (SavedSurvey & { id: string; status: string; version: number; image_url: string | null }) | null, choices: { programs: choices.programs, groups: choices.groups, genders: GENDER_OPTIONS } });
    } catch (error) {
      if (error instanceof DomainError && error.status === 404) throw new Response("Survey not found", { status: 404 });
      throw error;
    }
  }
  const reportId = url.searchParams.get("report");
  if (reportId) {
    try {
      const report = await surveyReport(context.services, auth, reportId, { page, size: SIZE });
      const survey = report.survey;
      // the pre/post evaluation when the survey is in a pair (decision 105): its first members and the summary
      const evaluation = await surveyEvaluationResult(context.services, auth, { survey_id: survey.id, page: 0, size: 10 }).catch((error: unknown) => {
        if (error instanceof DomainError && error.status === 400) return null;
        throw error;
      });
      const canBuild = mayBuildSurveys(auth);
      const others = canBuild ? (await surveysOf(context.services, auth, { page: 0, size: 100 })).data.filter((s) => s.id !== survey.id).map((s) => ({ id: s.id, name: s.name })) : [];
      return json({
        report: report as unknown as SurveyReportView,
        evaluation: evaluation as unknown as EvaluationView | null,
        canExport: mayExportSurveyResults(auth),
        canBuild,
        others,
        page,
        totalPages: Math.max(1, Math.ceil(report.count / SIZE)),
      });
    } catch (error) {
      if (error instanceof DomainError && error.status === 404) throw new Response("Survey not found", { status: 404 });
      throw error;
    }
  }
  const list = await surveysOf(context.services, auth, { page, size: SIZE });
  return json({ rows: list.data as SurveySummaryView[], count: list.count, page, totalPages: Math.max(1, Math.ceil(list.count / SIZE)), canBuild: mayBuildSurveys(auth) });
}

/** The report page's pairing form (decision 105): mark this survey as the post survey of a pre survey, or unpair it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayBuildSurveys);
  const build = new URL(request.url).searchParams.get("build");
  const reportId = new URL(request.url).searchParams.get("report") ?? "";
  const form = await readForm(request);
  if (build) {
    // the builder's save, publish and close: the calls' own services, their messages shown beside the form
    const intent = String(form.get("intent") ?? "save");
    try {
      let answer: { message: string; data: { id: string } };
      if (intent === "publish" || intent === "close") answer = await changeSurveyStatus(context.services, auth, request, build, intent);
      else {
        let body: unknown;
        try {
          body = JSON.parse(String(form.get("definition") ?? ""));
        } catch {
          return json({ error: "The survey could not be read; reload the page and try again" }, { status: 400 });
        }
        answer = build === "new" ? await createSurvey(context.services, auth, request, body) : await updateSurvey(context.services, auth, request, build, body);
      }
      return redirectWithToast(`/survey?build=${answer.data.id}`, { type: "success", title: answer.message }, context.services.production);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) return json({ error: error.message }, { status: error.status });
      throw error;
    }
  }
  const chosen = String(form.get("pairs_with") ?? "");
  if (form.get("intent") === "pair" && chosen === "") return json({ error: "Choose the pre survey" }, { status: 400 });
  try {
    const answer = await pairSurvey(context.services, auth, request, reportId, { pairs_with: chosen === "" ? null : chosen });
    return redirectWithToast(`/survey?report=${reportId}`, { type: "success", title: answer.message }, context.services.production);
  } catch (error) {
    if (error instanceof DomainError && error.status < 500) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

/** The builder's and the report's header: the way back to the list, the page's h1, and what goes under it. */
function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Flex direction="column" gap="1" mb="4">
      <Link asChild size="2">
        <RemixLink to="/survey">All surveys</RemixLink>
      </Link>
      <Heading as="h1" size="7">
        {title}
      </Heading>
      {children}
    </Flex>
  );
}

function BuilderPage({ data, error }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "build" }>; error: string | null }) {
  const busy = useNavigation().state !== "idle";
  const survey = data.survey;
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py="6">
      <PageHeader title={survey ? `Edit: ${survey.name}` : "New survey"}>
        {survey ? (
          <Flex gap="3" align="center" wrap="wrap">
            <Text size="2" color="gray">
              {survey.status} · version {survey.version}
            </Text>
            <Link asChild size="2">
              <RemixLink to={`/survey?report=${survey.id}`}>Report</RemixLink>
            </Link>
            {survey.status !== "Closed" ? (
              <Form method="post">
                <Button type="submit" name="intent" value={survey.status === "Draft" ? "publish" : "close"} size="1" variant="soft" color={survey.status === "Draft" ? undefined : "red"} disabled={busy}>
                  {survey.status === "Draft" ? "Publish" : "Close survey"}
                </Button>
              </Form>
            ) : null}
          </Flex>
        ) : null}
      </PageHeader>
      {error ? (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <SurveyBuilder key={survey ? `${survey.id}-${survey.version}` : "new"} initial={draftOf(survey)} imageUrl={survey?.image_url ?? null} choices={data.choices} busy={busy} />
    </Container>
  );
}

export default function SurveysPage() {
  const data = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  if ("choices" in data) return <BuilderPage data={data} error={answered && "error" in answered ? answered.error : null} />;
  if ("report" in data) {
    const survey = data.report.survey;
    return (
      <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
        <PageHeader title={survey.name}>
          {survey.description ? (
            <Text size="2" color="gray">
              {survey.description}
            </Text>
          ) : null}
        </PageHeader>
        {data.canExport ? (
          <Flex gap="3" wrap="wrap" mb="4" align="start">
            <ReportExportButton kind="survey-report" filters={{ surveyId: survey.id }} testId="export-survey-report" label="Export answers (CSV)" />
            {data.evaluation ? <ReportExportButton kind="survey-evaluation" filters={{ surveyId: survey.id }} testId="export-survey-evaluation" label="Export evaluation (CSV)" /> : null}
          </Flex>
        ) : null}
        {data.canBuild ? (
          <Link asChild size="2" mb="3">
            <RemixLink to={`/survey?build=${survey.id}`}>Edit survey</RemixLink>
          </Link>
        ) : null}
        {data.canBuild ? <PairForm survey={survey} others={data.others} error={answered && "error" in answered ? answered.error : null} /> : null}
        <Flex direction="column" gap="6">
          {data.evaluation ? <SurveyEvaluation evaluation={data.evaluation} /> : null}
          <SurveyReport report={data.report} />
        </Flex>
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
        {data.canBuild ? (
          <Flex mt="2">
            <Button asChild>
              <RemixLink to="/survey?build=new">New survey</RemixLink>
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <SurveyCards rows={data.rows} />
      <Pager page={data.page} totalPages={data.totalPages} base="/survey?" />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
