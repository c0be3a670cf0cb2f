import { Button, Callout, Card, Container, Flex, Heading, Link, Text, TextField } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DomainError, newId } from "#modules/kernel";
import { publishWaiverVersion, sendWaiverLink, waiverListOf, waiverListQuery, waiverVersionList } from "#modules/waivers";
import { WAIVER_STATUS_LABELS, type WaiverStatus } from "#modules/waivers/client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PagerLinks } from "~/components/points/pager-links";
import { WaiverStatusTable, type WaiverLineView } from "~/components/waivers/waiver-status-table";
import { PublishVersionForm, WaiverVersionHistory, type WaiverVersionView } from "~/components/waivers/waiver-versions";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Waivers" }];

const PAGE_SIZE = 20;
const FILTERS: readonly ("all" | WaiverStatus)[] = ["all", "unsigned", "resign", "signed"];
const FILTER_LABELS: Record<"all" | WaiverStatus, string> = { all: "All", ...WAIVER_STATUS_LABELS };

/**
 * /waivers (decision 100): who signed the current waiver text, who never signed, who signed an older
 * version and must sign again; a one-click e-mail of the signing link; the text's versions and a new one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const url = new URL(request.url);
  const page = Math.max(0, Math.min(100_000, Number(url.searchParams.get("page")) || 0));
  const parsed = waiverListQuery.safeParse({ status: url.searchParams.get("status") ?? "all", search: (url.searchParams.get("q") ?? "").slice(0, 100), page: page + 1, size: PAGE_SIZE });
  const query = parsed.success ? parsed.data : waiverListQuery.parse({ page: page + 1, size: PAGE_SIZE });
  const [list, versions] = await Promise.all([waiverListOf(context.services, auth, query), waiverVersionList(context.services, auth)]);
  return json({
    status: query.status,
    search: query.search,
    page,
    lines: list.data as WaiverLineView[],
    count: list.count,
    counts: list.additional_info.counts,
    currentVersion: list.additional_info.current_version,
    versions: versions.data as WaiverVersionView[],
    // this page load's command ids: a double click sends once, a later click on a reloaded page sends again
    nonce: newId(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = new URL(request.url);
  const production = context.services.production;
  const commandId = String(form.get("command_id") ?? "") || undefined;
  try {
    if (intent === "send") {
      const done = await sendWaiverLink(context.services, auth, null, String(form.get("participant_id") ?? ""), { command_id: commandId });
      return redirectWithToast(back.pathname + back.search, { type: "success", title: done.message }, production);
    }
    if (intent === "publish") {
      const done = await publishWaiverVersion(context.services, auth, null, { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? ""), command_id: commandId });
      return redirectWithToast(back.pathname + back.search, { type: "success", title: done.message }, production);
    }
    return json({ intent, problem: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return json({ intent, problem: error.message }, { status: error.status });
    throw error;
  }
}

function StatusFilter({ status, counts, search }: { status: string; counts: Record<WaiverStatus, number>; search: string }) {
  const location = useLocation();
  const total = counts.signed + counts.unsigned + counts.resign;
  return (
    <Flex gap="2" wrap="wrap" asChild>
      <nav aria-label="Waiver status">
        {FILTERS.map((f) => {
          const q = new URLSearchParams();
          if (f !== "all") q.set("status", f);
          if (search) q.set("q", search);
          const n = f === "all" ? total : counts[f];
          return (
            <Button key={f} asChild size="2" variant={status === f ? "solid" : "soft"} color={f === "unsigned" ? "red" : f === "resign" ? "amber" : f === "signed" ? "green" : undefined}>
              <RemixLink to={`${location.pathname}?${q.toString()}`} aria-current={status === f ? "page" : undefined}>
                {FILTER_LABELS[f]} ({n})
              </RemixLink>
            </Button>
          );
        })}
      </nav>
    </Flex>
  );
}

export default function WaiversPage() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const current = data.versions.find((v) => v.current);
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Waivers
          </Heading>
          <Text as="p" color="gray" size="2">
            Active members and the current waiver ({current ? `${current.title}, version ${current.version_id}` : `version ${data.currentVersion}`}). A member who signed an earlier version must sign again
            before checking in.
          </Text>
        </Flex>
        {acted && "problem" in acted && acted.intent === "send" ? (
          <Callout.Root color="red" role="alert" data-testid="send-problem">
            <Callout.Text>{acted.problem}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              Members
            </Heading>
            <StatusFilter status={data.status} counts={data.counts} search={data.search} />
            <Form method="get" role="search">
              {data.status !== "all" ? <input type="hidden" name="status" value={data.status} /> : null}
              <Flex gap="2" align="end" wrap="wrap">
                <label style={{ flex: 1, minWidth: 200 }}>
                  <Text size="2" weight="medium" as="div">
                    Search members
                  </Text>
                  <TextField.Root name="q" defaultValue={data.search} placeholder="Name or Member ID" />
                </label>
                <Button type="submit" variant="soft">
                  Search
                </Button>
              </Flex>
            </Form>
            <Text size="2" color="gray" aria-live="polite">
              {data.count} {data.count === 1 ? "member" : "members"}
            </Text>
            <WaiverStatusTable lines={data.lines} nonce={data.nonce} />
            <PagerLinks page={data.page} size={PAGE_SIZE} count={data.count} />
          </Flex>
        </Card>
        <Card>
          <Flex direction="column" gap="4">
            <Heading as="h2" size="4">
              Waiver text
            </Heading>
            <WaiverVersionHistory versions={data.versions} />
            <PublishVersionForm current={current} commandId={`${data.nonce}:publish`} problem={acted && "problem" in acted && acted.intent === "publish" ? acted.problem : undefined} />
            <Text size="1" color="gray">
              Parents and members see the current text when they open a signing link.{" "}
              <Link asChild size="1">
                <RemixLink to="/participants">Go to Participants</RemixLink>
              </Link>
            </Text>
          </Flex>
        </Card>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
