import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { announcementOf, announcementsOf, composeOptionsOf, draftPeopleOf, mayCompose, retractAnnouncementCall, saveAnnouncementCall, sendAnnouncementCall } from "#modules/communications";
import type { Auth, Services } from "#modules/identity";
import { DomainError, newId } from "#modules/kernel";
import { instantOfWallTime, timeZoneLabel, timeZoneOf, wallTimeOf } from "#modules/organizations";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnnouncementDetail } from "~/components/communications/announcement-detail";
import { AnnouncementList } from "~/components/communications/announcement-list";
import commStyles from "~/components/communications/communications.css";
import { ComposeForm } from "~/components/communications/compose-form";
import type { AnnouncementView, ComposeOptions, DeliveryViewRow, PageAnswer } from "~/components/communications/types";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: commStyles }];
export const meta: MetaFunction = () => [{ title: "Communications" }];

const FILTERS = [
  { value: "", label: "All" },
  { value: "draft", label: "Drafts" },
  { value: "scheduled", label: "Scheduled" },
  { value: "sent", label: "Sent" },
  { value: "retracted", label: "Retracted" },
];

/**
 * /communications (create communications; school organizations with the communication feature; decision 088): the
 * announcements (filtered by status), one opened beside the list (?id=), a new one or a draft in the form (?edit=).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayCompose);
  const url = new URL(request.url);
  const status = FILTERS.some((f) => f.value === url.searchParams.get("status")) ? url.searchParams.get("status") || undefined : undefined;
  const list = await announcementsOf(context.services, auth, { status, size: 50 });
  const id = url.searchParams.get("id");
  const edit = url.searchParams.get("edit");
  let opened: Awaited<ReturnType<typeof announcementOf>> | null = null;
  const openId = edit && edit !== "new" ? edit : id;
  if (openId) {
    try {
      opened = await announcementOf(context.services, auth, openId, { size: 100 });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw redirect("/communications");
    }
  }
  // only a draft is edited
  if (edit && edit !== "new" && opened?.status !== "draft") throw redirect(`/communications?id=${openId}`);
  const composing = edit !== null;
  const options = composing ? await composeOptionsOf(context.services, auth) : null;
  const audience = opened?.audience as AnnouncementView["audience"] | undefined;
  const people = composing && opened && audience ? await draftPeopleOf(context.services, auth, audience.user_ids) : [];
  const timeZone = timeZoneOf(auth.organization.settings);
  // times as the organization's wall clock, written on the server only (the browser's zone data may differ)
  const times = Object.fromEntries(
    [opened?.send_at, opened?.sent_at, opened?.retracted_at].filter((t): t is string => Boolean(t)).map((t) => [t, wallTimeOf(timeZone, new Date(t)).replace("T", " ")]),
  );
  return json({ times, rows: list.data, count: list.count, status: status ?? "", opened, composing, options, people, timeZone, timeZoneLabel: timeZoneLabel(timeZone), commandId: newId() });
}

const formList = (form: FormData, name: string) => form.getAll(name).map(String).filter(Boolean);

/** The form's fields as the calls take them; the schedule's wall time read in the organization's zone. */
function inputOf(form: FormData, timeZone: string) {
  const people = [...form.keys()].filter((k) => k.startsWith("recipient_ids[")).map((k) => String(form.get(k)));
  const wall = String(form.get("send_at_local") ?? "").trim();
  const at = wall ? instantOfWallTime(timeZone, wall) : null;
  return {
    draft: {
      kind: String(form.get("kind") ?? "announcement"),
      subject: String(form.get("subject") ?? ""),
      body: String(form.get("body") ?? ""),
      audience: { group_ids: formList(form, "group_ids"), program_ids: formList(form, "program_ids"), event_ids: formList(form, "event_ids"), flag_types: formList(form, "flag_types"), user_ids: people },
      channels: formList(form, "channels"),
      attachments: formList(form, "attachments"),
      command_id: form.get("command_id"),
    },
    sendAt: wall ? (at ? at.toISOString() : "not-a-time") : null,
  };
}

async function act(services: Services, auth: Auth, request: Request, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "") || undefined;
  const production = services.production;
  if (intent === "retract") {
    await retractAnnouncementCall(services, auth, id, { reason: form.get("reason"), command_id: form.get("command_id") }, request);
    return redirectWithToast(`/communications?id=${id}`, { type: "success", title: "Communication retracted" }, production);
  }
  if (intent !== "save" && intent !== "send") return json<PageAnswer>({ problem: "This form is not known here." }, { status: 400 });
  const { draft, sendAt } = inputOf(form, timeZoneOf(auth.organization.settings));
  if (intent === "send" && sendAt === "not-a-time") return json<PageAnswer>({ problem: "The scheduled time is not a date and time", fieldErrors: { send_at: ["The scheduled time is not a date and time"] } }, { status: 400 });
  const saved = await saveAnnouncementCall(services, auth, id, draft, request);
  if (intent === "save") return redirectWithToast(`/communications?id=${saved.data.id}`, { type: "success", title: "Draft saved" }, production);
  try {
    const sent = await sendAnnouncementCall(services, auth, saved.data.id, { send_at: sendAt, command_id: `${String(form.get("command_id") ?? "")}-send` }, request);
    return redirectWithToast(`/communications?id=${saved.data.id}`, { type: "success", title: sent.message }, production);
  } catch (error) {
    // the draft is kept: the form stays on it with the reason
    if (error instanceof DomainError) throw redirectWithToast(`/communications?edit=${saved.data.id}`, { type: "error", title: error.message }, production);
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services, mayCompose);
  try {
    return await act(context.services, auth, request, await readForm(request));
  } catch (error) {
    if (error instanceof DomainError) {
      const fieldErrors = (error.details?.fieldErrors ?? undefined) as Record<string, string[]> | undefined;
      return json<PageAnswer>({ problem: error.message, fieldErrors }, { status: error.status });
    }
    throw error;
  }
}

export default function CommunicationsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<PageAnswer>();
  const hrefWith = (params: Record<string, string>) => {
    const next = new URLSearchParams(data.status ? { status: data.status } : {});
    for (const [k, v] of Object.entries(params)) next.set(k, v);
    return `/communications${next.size ? `?${next}` : ""}`;
  };
  const closeHref = hrefWith({});
  const opened = data.opened as (AnnouncementView & { deliveries: DeliveryViewRow[]; delivery_tally: Record<string, number>; delivery_count: number }) | null;
  const formatTime = (iso: string) => data.times[iso] ?? iso;
  const open = data.composing || opened !== null;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Communications
          </Heading>
          <Text size="2" color="gray">
            Announcements to groups, programs, events and people, in the app, by e-mail and by text message.
          </Text>
        </Flex>
        {data.composing ? null : (
          <Button asChild>
            <RemixLink to={hrefWith({ edit: "new" })}>New Communication</RemixLink>
          </Button>
        )}
      </Flex>
      <div className="rc-comm-layout" data-open={open ? "" : undefined}>
        <Flex direction="column" gap="3">
          <nav aria-label="Filter communications">
            <Flex gap="2" wrap="wrap">
              {FILTERS.map((f) => (
                <Button key={f.value} asChild size="1" variant={data.status === f.value ? "solid" : "soft"}>
                  <RemixLink to={f.value ? `/communications?status=${f.value}` : "/communications"} aria-current={data.status === f.value ? "page" : undefined}>
                    {f.label}
                  </RemixLink>
                </Button>
              ))}
            </Flex>
          </nav>
          <Text size="2" color="gray">
            {data.count === 1 ? "1 communication" : `${data.count} communications`}
          </Text>
          <AnnouncementList rows={data.rows as AnnouncementView[]} hrefOf={(id) => hrefWith({ id })} openId={opened?.id ?? null} />
        </Flex>
        {data.composing && data.options ? (
          <ComposeForm
            key={opened?.id ?? "new"}
            draft={opened}
            people={data.people}
            options={data.options as ComposeOptions}
            commandId={data.commandId}
            closeHref={closeHref}
            answer={answer}
            timeZoneLabel={data.timeZoneLabel}
          />
        ) : opened ? (
          <AnnouncementDetail item={opened} editHref={hrefWith({ edit: opened.id })} closeHref={closeHref} commandId={data.commandId} answer={answer} formatTime={formatTime} />
        ) : null}
      </div>
    </Container>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
