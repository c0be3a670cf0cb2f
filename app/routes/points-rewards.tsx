import { Box, Button, Callout, Card, Container, Flex, Heading, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { DomainError } from "#modules/kernel";
import { awardInputSchema, awardableCategories, awardPointsInput, leaderboard, mayAwardAny, memberChoices, pointsList, reversePoints, setLeaderboardVisibility } from "#modules/points";
import { CATEGORY_LABELS, MAX_AWARD, type PointCategory } from "#modules/points/client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MemberChecklist, MemberSearch } from "~/components/points/member-search";
import { PagerLinks } from "~/components/points/pager-links";
import { Leaderboard, LedgerTable, type LeaderView, type LedgerEntryView } from "~/components/points/points-views";
import { useLiveTopic } from "~/components/points/use-live";
import { programListQuery, programsOf } from "#modules/programs";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Points & Rewards" }];

const PAGE_SIZE = 20;
const periodOf = (v: string | null) => (v === "month" || v === "week" ? v : "all");

/**
 * /points-rewards (decision 077): staff with a reward permission award points to one member or many (search,
 * tick, award: one event per member), review the ledger and reverse an award with a reason, and watch the
 * leaderboard (live), hiding a member from it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayAwardAny);
  const url = new URL(request.url);
  const period = periodOf(url.searchParams.get("period"));
  const page = Math.max(0, Number(url.searchParams.get("page")) || 0);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const programs = (await programsOf(context.services, auth, programListQuery.parse({ size: "200", sort: "name asc" }))).data.map((p) => ({ id: p.id, name: p.name }));
  // a program's board (decision 085): only one of the organization's active programs
  const program = programs.find((p) => p.id === url.searchParams.get("program"))?.id ?? "";
  const [board, ledger, choices] = await Promise.all([
    leaderboard(context.services, auth, { period, size: 10, program_id: program || undefined }),
    pointsList(context.services, auth, { page, size: PAGE_SIZE }),
    memberChoices(context.services, auth, search),
  ]);
  return json({ period, page, search, program, programs, board: board.data as LeaderView[], ledger: ledger.data as LedgerEntryView[], count: ledger.count, choices, categories: awardableCategories(auth), organizationId: auth.organization.id });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayAwardAny);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = new URL(request.url);
  const production = context.services.production;
  try {
    if (intent === "award") {
      const ids = form.getAll("participant_id").map(String);
      const input = { participant_ids: ids, amount: String(form.get("amount") ?? ""), category: String(form.get("category") ?? "general"), reason: String(form.get("reason") ?? ""), command_id: String(form.get("command_id") ?? "") || undefined };
      const parsed = awardInputSchema.safeParse(input);
      if (!parsed.success) return json({ problem: parsed.error.issues[0]?.message ?? "Check the form" }, { status: 400 });
      const done = await awardPointsInput(context.services, auth, null, parsed.data);
      return redirectWithToast(back.pathname + back.search, { type: "success", title: `${done.message} (${done.data.count} ${done.data.count === 1 ? "member" : "members"})` }, production);
    }
    if (intent === "reverse") {
      const done = await reversePoints(context.services, auth, null, String(form.get("entry_id") ?? ""), { reason: String(form.get("reason") ?? "") });
      return redirectWithToast(back.pathname + back.search, { type: "success", title: done.message }, production);
    }
    if (intent === "hide") {
      const done = await setLeaderboardVisibility(context.services, auth, null, String(form.get("participant_id") ?? ""), { hidden: true });
      return redirectWithToast(back.pathname + back.search, { type: "success", title: done.message }, production);
    }
    return json({ problem: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return json({ problem: error.message }, { status: error.status });
    throw error;
  }
}

export default function PointsRewardsPage() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  useLiveTopic(data.organizationId, "leaderboard", () => revalidator.revalidate());
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction="column" gap="5">
        <Heading as="h1" size="7">
          Points &amp; Rewards
        </Heading>
        {acted && "problem" in acted ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{acted.problem}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="4" direction={{ initial: "column", md: "row" }} align="start">
          <Card style={{ flex: 2, width: "100%" }}>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Award points
              </Heading>
              <MemberSearch search={data.search} keep={{ period: data.period }} />
              <Form method="post">
                <input type="hidden" name="intent" value="award" />
                <input type="hidden" name="command_id" value={`${data.organizationId}-${data.search}-${data.count}`} />
                <MemberChecklist rows={data.choices.rows} count={data.choices.count} label="Members to award" maxHeight={260} />
                <Flex gap="3" mt="3" wrap="wrap" align="end">
                  <label>
                    <Text size="2" weight="medium">
                      Points
                    </Text>
                    <TextField.Root name="amount" type="number" min={1} max={MAX_AWARD} step={1} required defaultValue="10" style={{ width: 110 }} />
                  </label>
                  <label>
                    <Text size="2" weight="medium" as="div">
                      Category
                    </Text>
                    <Select.Root name="category" defaultValue={data.categories[0] ?? "general"}>
                      <Select.Trigger aria-label="Category" />
                      <Select.Content>
                        {data.categories.map((c: PointCategory) => (
                          <Select.Item key={c} value={c}>
                            {CATEGORY_LABELS[c]}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  </label>
                </Flex>
                <label>
                  <Text size="2" weight="medium" as="div" mt="3">
                    Reason
                  </Text>
                  <TextArea name="reason" required maxLength={200} placeholder="Helped clean up after the game" />
                </label>
                <Button type="submit" mt="3" disabled={busy}>
                  Award points
                </Button>
              </Form>
            </Flex>
          </Card>
          <Box style={{ flex: 1, width: "100%" }}>
            <Leaderboard rows={data.board} period={data.period} basePath="/points-rewards" hideable programs={data.programs} program={data.program} />
          </Box>
        </Flex>
        <Flex direction="column" gap="2">
          <Heading as="h2" size="4">
            Points history
          </Heading>
          <LedgerTable rows={data.ledger} showMember reversible />
          <PagerLinks page={data.page} size={PAGE_SIZE} count={data.count} />
        </Flex>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
