import { Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { isMemberLevel } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { openSurveysOf, pageAnswersFromForm, responseCall, saveResponseInput, SURVEY_TOASTS } from "#modules/surveys";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnswerPage, OpenSurveys, type OpenSurveyView, type ResponseView } from "~/components/surveys/answer-page";
import { readForm } from "~/utils/page-form.server";
import { guardPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Challenges" }];

const notFound = () => new Response("Survey not found", { status: 404 });
const pageNumber = (value: string | null, last: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= last ? n : null;
};

/**
 * /challenges (spec-1: Challenges > Surveys; decision 074): a member or parent sees the surveys open to them and
 * their children and answers one page by page (?survey={id}&participant={id}&page={n}); every page sent is saved,
 * so a reload or another device resumes where they were; the last page submits, once. Staff see where results are.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  if (!isMemberLevel(auth.subject.level)) return json({ kind: "staff" as const });
  const url = new URL(request.url);
  const surveyId = url.searchParams.get("survey");
  if (!surveyId) return json({ kind: "list" as const, rows: (await openSurveysOf(context.services, auth)).data as OpenSurveyView[] });
  try {
    const response = (await responseCall(context.services, auth, surveyId, url.searchParams.get("participant") ?? undefined)) as unknown as ResponseView;
    const pages = response.survey.pages.length;
    const page = pageNumber(url.searchParams.get("page"), pages) ?? Math.min(pages, response.last_page + 1);
    return json({ kind: "answer" as const, response, page });
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw notFound();
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  if (!isMemberLevel(auth.subject.level)) throw new Response("Only members answer surveys", { status: 403 });
  const url = new URL(request.url);
  const surveyId = url.searchParams.get("survey") ?? "";
  const participantId = url.searchParams.get("participant") ?? undefined;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "next");
  const page = Number(form.get("page"));
  try {
    const current = (await responseCall(context.services, auth, surveyId, participantId)) as unknown as ResponseView;
    const answers = pageAnswersFromForm(current.survey.pages, page, form);
    const saved = await saveResponseInput(context.services, auth, null, surveyId, { participant_id: current.participant.id, page, answers, submit: intent === "submit" });
    const here = `/challenges?survey=${surveyId}&participant=${current.participant.id}`;
    if (intent === "submit") return redirectWithToast("/challenges", { type: "success", title: SURVEY_TOASTS.submitted }, context.services.production);
    return redirect(`${here}&page=${intent === "back" ? page - 1 : Math.min(page + 1, saved.data.survey.pages.length)}`);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw notFound();
    if (error instanceof DomainError) {
      const field = Object.keys((error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {})[0];
      return json({ problem: { message: error.message, field } }, { status: error.status });
    }
    throw error;
  }
}

export default function ChallengesPage() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <Container size="2" px={{ initial: "3", sm: "5" }} py="6">
      {data.kind === "staff" ? (
        <Flex direction="column" gap="2">
          <Heading as="h1" size="7">
            Challenges
          </Heading>
          <Text color="gray">
            Members and parents answer the organization&apos;s surveys here. Their results are on{" "}
            <Link asChild>
              <RemixLink to="/survey">Surveys</RemixLink>
            </Link>{" "}
            for staff who create surveys or export their results.
          </Text>
        </Flex>
      ) : data.kind === "list" ? (
        <Flex direction="column" gap="4">
          <Heading as="h1" size="7">
            Surveys
          </Heading>
          <OpenSurveys rows={data.rows} />
        </Flex>
      ) : (
        <Flex direction="column" gap="3">
          <Heading as="h1" size="6">
            {data.response.survey.name}
          </Heading>
          {data.response.completed ? (
            <Text>
              Thank you: these answers are submitted.{" "}
              <Link asChild>
                <RemixLink to="/challenges">All surveys</RemixLink>
              </Link>
            </Text>
          ) : !data.response.open ? (
            <Text>
              This survey is not open.{" "}
              <Link asChild>
                <RemixLink to="/challenges">All surveys</RemixLink>
              </Link>
            </Text>
          ) : (
            <AnswerPage key={data.page} response={data.response} page={data.page} problem={acted && "problem" in acted ? acted.problem : undefined} />
          )}
        </Flex>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
