import { Badge, Button, Callout, Card, Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { isMemberLevel } from "#modules/identity";
import { challengeCall, challengeChoicesOf, challengeProgressCall, challengesList, challengesLiveOf, CHALLENGE_TOASTS, confirmCompletion, createChallenge, deleteChallenge, mayManageChallenges, updateChallenge } from "#modules/challenges";
import { memberChoices } from "#modules/points";
import { timeZoneOf, todayIn } from "#modules/organizations";
import { ChallengeForm, type EditedChallenge } from "~/components/challenges/challenge-form";
import { ChallengeTable, datesOf, MemberChallenges, ProgressTable, ruleText, type ChallengeView, type MemberChallengeView, type ProgressRowView } from "~/components/challenges/challenge-views";
import { MemberChecklist, MemberSearch } from "~/components/points/member-search";
import { PagerLinks } from "~/components/points/pager-links";
import { DomainError } from "#modules/kernel";
import { nextShownPage, openSurveysOf, pageAnswersFromForm, pageToShow, responseCall, saveResponseInput, SURVEY_TOASTS } from "#modules/surveys";
import commStyles from "~/components/communications/communications.css";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useLiveTopic } from "~/components/use-live-topic";
import { AnswerPage, OpenSurveys, type OpenSurveyView, type ResponseView } from "~/components/surveys/answer-page";
import { readForm } from "~/utils/page-form.server";
import { guardPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Challenges" }];
// the audience's choice lists are communications' (ChoiceList), styled by its sheet
export const links: LinksFunction = () => [{ rel: "stylesheet", href: commStyles }];

const notFound = () => new Response("Survey not found", { status: 404 });
const pageNumber = (value: string | null, last: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= last ? n : null;
};

/**
 * /challenges (spec-1: Challenges; decisions 074, 102): a member or parent sees the challenges open to them and their
 * children with their progress, and the surveys open to them, answered page by page (?survey={id}&participant={id}
 * &page={n}; every page sent is saved, the last submits once). Staff see the challenges (?challenge={id}: one, with
 * who completed it); staff with "reward challenge points" create, edit and archive them and confirm completions.
 */
const STAFF_PAGE = 20;
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const url = new URL(request.url);
  const services = context.services;
  if (!isMemberLevel(auth.subject.level)) {
    const canManage = mayManageChallenges(auth);
    const today = todayIn(timeZoneOf(auth.organization.settings), services.clock.now());
    const choices = await challengeChoicesOf(services, auth);
    const id = url.searchParams.get("challenge");
    if (id) {
      try {
        const challenge = (await challengeCall(services, auth, id)) as unknown as EditedChallenge & ChallengeView;
        const page = Math.max(0, Number(url.searchParams.get("page")) || 0);
        const search = (url.searchParams.get("q") ?? "").slice(0, 100);
        const [progress, members] = await Promise.all([challengeProgressCall(services, auth, id, { page, size: STAFF_PAGE }), canManage && !challenge.archived ? memberChoices(services, auth, search) : Promise.resolve({ rows: [], count: 0 })]);
        return json({ kind: "staff-detail" as const, live: challengesLiveOf(auth), canManage, today, choices, challenge, progress: progress.data as ProgressRowView[], count: progress.count, page, search, members });
      } catch (error) {
        if (error instanceof DomainError && error.status === 404) throw new Response("Challenge not found", { status: 404 });
        throw error;
      }
    }
    const page = Math.max(0, Number(url.searchParams.get("page")) || 0);
    const list = await challengesList(services, auth, { page, size: STAFF_PAGE, sort: "created_date,desc" });
    return json({ kind: "staff" as const, live: challengesLiveOf(auth), canManage, today, choices, rows: list.data as unknown as ChallengeView[], count: list.count, page });
  }
  const surveyId = url.searchParams.get("survey");
  if (!surveyId) {
    const [surveys, challenges] = await Promise.all([openSurveysOf(services, auth), challengesList(services, auth, { page: 0, size: 100, sort: "created_date,desc" })]);
    return json({ kind: "list" as const, live: challengesLiveOf(auth), rows: surveys.data as OpenSurveyView[], challenges: challenges.data as unknown as MemberChallengeView[] });
  }
  try {
    const response = (await responseCall(services, auth, surveyId, url.searchParams.get("participant") ?? undefined)) as unknown as ResponseView;
    const pages = response.survey.pages.length;
    // a page hidden by its condition is skipped (decision 110)
    const page = pageToShow(response.survey.pages, response.answers, response.last_page, pageNumber(url.searchParams.get("page"), pages) ?? null);
    return json({ kind: "answer" as const, response, page });
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw notFound();
    throw error;
  }
}

/** The challenge form's fields as the /api body. */
const challengeBody = (form: FormData) => {
  const text = (k: string) => String(form.get(k) ?? "");
  const optional = (k: string) => (form.get(k) === null ? undefined : text(k));
  return { title: text("title"), description: text("description"), image: text("image") || null, start_date: text("start_date"), end_date: text("end_date"), points: text("points"), rule: text("rule"), survey_id: optional("survey_id"), sessions: optional("sessions"), program_id: optional("program_id"), group_ids: form.getAll("group_ids").map(String), program_ids: form.getAll("program_ids").map(String), age_min: text("age_min"), age_max: text("age_max") };
};

async function staffAction(request: Request, context: ActionFunctionArgs["context"], auth: NonNullable<Awaited<ReturnType<typeof guardPage>>["auth"]>) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const url = new URL(request.url);
  const id = url.searchParams.get("challenge") ?? undefined;
  const production = context.services.production;
  try {
    if (intent === "create") {
      const done = await createChallenge(context.services, auth, null, challengeBody(form));
      return redirectWithToast(`/challenges?challenge=${done.data.id}`, { type: "success", title: done.message }, production);
    }
    if (intent === "update") {
      const done = await updateChallenge(context.services, auth, null, id, challengeBody(form));
      return redirectWithToast(`/challenges?challenge=${done.data.id}`, { type: "success", title: done.message }, production);
    }
    if (intent === "archive") {
      await deleteChallenge(context.services, auth, null, id);
      return redirectWithToast("/challenges", { type: "success", title: CHALLENGE_TOASTS.archived }, production);
    }
    if (intent === "confirm") {
      const done = await confirmCompletion(context.services, auth, null, id, { participant_ids: form.getAll("participant_id").map(String) });
      return redirectWithToast(url.pathname + url.search, { type: "success", title: `${done.message} (${done.data.count} ${done.data.count === 1 ? "member" : "members"})` }, production);
    }
    return json({ problem: { message: "Unknown action", field: undefined } }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) {
      const field = Object.keys((error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {})[0];
      return json({ problem: { message: error.message, field } }, { status: error.status });
    }
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  if (!isMemberLevel(auth.subject.level)) {
    if (!mayManageChallenges(auth)) throw new Response("You may not change challenges", { status: 403 });
    return staffAction(request, context, auth);
  }
  const url = new URL(request.url);
  const surveyId = url.searchParams.get("survey") ?? "";
  const participantId = url.searchParams.get("participant") ?? undefined;
  const form = await readForm(request);
  const wanted = String(form.get("intent") ?? "next");
  const page = Number(form.get("page"));
  try {
    const current = (await responseCall(context.services, auth, surveyId, participantId)) as unknown as ResponseView;
    const answers = pageAnswersFromForm(current.survey.pages, page, form);
    // an answer on this page that shows a later page turns Submit into Save and continue (decision 110)
    const merged = Object.fromEntries(Object.entries({ ...current.answers, ...answers }).filter(([, v]) => v !== null));
    const intent = wanted === "submit" && nextShownPage(current.survey.pages, merged, page) !== null ? "next" : wanted;
    const saved = await saveResponseInput(context.services, auth, null, surveyId, { participant_id: current.participant.id, page, answers, submit: intent === "submit" });
    const here = `/challenges?survey=${surveyId}&participant=${current.participant.id}`;
    if (intent === "submit") return redirectWithToast("/challenges", { type: "success", title: SURVEY_TOASTS.submitted }, context.services.production);
    const to = nextShownPage(saved.data.survey.pages, saved.data.answers, page, intent === "back" ? -1 : 1) ?? page;
    return redirect(`${here}&page=${to}`);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw notFound();
    if (error instanceof DomainError) {
      const field = Object.keys((error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {})[0];
      return json({ problem: { message: error.message, field } }, { status: error.status });
    }
    throw error;
  }
}

function Problem({ acted }: { acted: unknown }) {
  const problem = acted && typeof acted === "object" && "problem" in acted ? (acted as { problem: { message: string } }).problem : null;
  if (!problem) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{problem.message}</Callout.Text>
    </Callout.Root>
  );
}

function StaffList({ data, acted }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "staff" }>; acted: unknown }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="7">
        Challenges
      </Heading>
      <Problem acted={acted} />
      <ChallengeTable rows={data.rows} />
      <PagerLinks page={data.page} size={STAFF_PAGE} count={data.count} />
      {data.canManage ? (
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              New challenge
            </Heading>
            <ChallengeForm choices={data.choices} today={data.today} busy={busy} />
          </Flex>
        </Card>
      ) : null}
      <Text color="gray" size="2">
        Survey results are on{" "}
        <Link asChild>
          <RemixLink to="/survey">Surveys</RemixLink>
        </Link>
        .
      </Text>
    </Flex>
  );
}

function StaffDetail({ data, acted }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "staff-detail" }>; acted: unknown }) {
  const busy = useNavigation().state !== "idle";
  const c = data.challenge;
  const names = { survey: data.choices.surveys.find((s) => s.id === c.survey_id)?.name, program: data.choices.programs.find((p) => p.id === c.program_id)?.name };
  return (
    <Flex direction="column" gap="4">
      <Link asChild size="2">
        <RemixLink to="/challenges">All challenges</RemixLink>
      </Link>
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="7">
          {c.title}
        </Heading>
        {c.archived ? <Badge color="gray">Archived</Badge> : null}
      </Flex>
      <Problem acted={acted} />
      <Card>
        <Flex gap="3" direction={{ initial: "column", sm: "row" }}>
          {c.image_url ? <img src={c.image_url} alt="" width={160} height={110} style={{ objectFit: "cover", borderRadius: "var(--radius-2)" }} /> : null}
          <Flex direction="column" gap="1">
            {c.description ? <Text>{c.description}</Text> : null}
            <Text size="2">
              <strong>{c.points} points</strong> · {ruleText(c, names)}
            </Text>
            <Text size="2" color="gray">
              {datesOf(c)} · completed by {c.completions}
            </Text>
          </Flex>
        </Flex>
      </Card>
      {data.canManage && !c.archived ? (
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              Confirm completion
            </Heading>
            <MemberSearch search={data.search} keep={{ challenge: c.id }} />
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <MemberChecklist rows={data.members.rows} count={data.members.count} label="Members to confirm" maxHeight={220} />
              <Button type="submit" mt="3" disabled={busy}>
                Confirm and award {c.points} points
              </Button>
            </Form>
          </Flex>
        </Card>
      ) : null}
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          Progress and completions
        </Heading>
        <ProgressTable rows={data.progress} rule={c.rule} />
        <PagerLinks page={data.page} size={STAFF_PAGE} count={data.count} />
      </Flex>
      {data.canManage && !c.archived ? (
        <>
          <Card>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Edit the challenge
              </Heading>
              <ChallengeForm key={c.id} choices={data.choices} challenge={c} today={data.today} busy={busy} />
            </Flex>
          </Card>
          <Form method="post">
            <input type="hidden" name="intent" value="archive" />
            <Button type="submit" color="red" variant="soft" disabled={busy}>
              Archive the challenge
            </Button>
          </Form>
        </>
      ) : null}
    </Flex>
  );
}

/**
 * Progress and completion counts move without a reload (decision 112): the page's data again shortly after a message.
 * Never in the middle of a navigation (a form sent, its redirect loading): a revalidation then would restart the
 * redirect's loads and lose its flash toast; it waits until the page is idle.
 */
function useLiveChallenges(live: { organizationId: string; topic: string; event: string } | null) {
  const revalidator = useRevalidator();
  const idle = useNavigation().state === "idle";
  const [waiting, setWaiting] = useState(false);
  useLiveTopic(live, live?.event ?? "", () => setWaiting(true));
  useEffect(() => {
    if (!waiting || !idle) return;
    setWaiting(false);
    revalidator.revalidate();
  }, [waiting, idle, revalidator]);
}

export default function ChallengesPage() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  useLiveChallenges("live" in data ? data.live : null);
  const problem = acted && "problem" in acted ? acted.problem : undefined;
  return (
    <Container size={data.kind === "staff" || data.kind === "staff-detail" ? "3" : "2"} px={{ initial: "3", sm: "5" }} py="6">
      {data.kind === "staff" ? (
        <StaffList data={data} acted={acted} />
      ) : data.kind === "staff-detail" ? (
        <StaffDetail data={data} acted={acted} />
      ) : data.kind === "list" ? (
        <Flex direction="column" gap="4">
          <Heading as="h1" size="7">
            Challenges
          </Heading>
          <MemberChallenges rows={data.challenges} answerable={(surveyId, participantId) => data.rows.some((r) => r.id === surveyId && r.participant_id === participantId && r.status !== "Completed")} />
          <Heading as="h2" size="5">
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
              {data.response.parent_refusal ? `${data.response.parent_refusal}.` : "This survey is not open."}{" "}
              <Link asChild>
                <RemixLink to="/challenges">All surveys</RemixLink>
              </Link>
            </Text>
          ) : (
            <AnswerPage key={data.page} response={data.response} page={data.page} problem={problem} />
          )}
        </Flex>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
