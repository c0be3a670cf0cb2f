import { Button, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { eventBuilderOf, staffEventsPageOf } from "#modules/appointments";
import { newId } from "#modules/kernel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EventActions } from "~/components/events/event-actions";
import { EventForm } from "~/components/events/event-form";
import { EVENT_LIST_INTENT } from "~/components/events/event-form-types";
import checkInStyles from "~/components/check-in/check-in.css";
import { RegistrationsPanel } from "~/components/programs/registrations-panel";
import { EventFigures, StaffEventList } from "~/components/programs/staff-event-list";
import { StaffListControls, StaffListPager, useQueryHref } from "~/components/programs/staff-list-controls";
import { coachesLabel } from "~/components/programs/staff-labels";
import staffStyles from "~/components/programs/staff-pages.css";
import type { StaffRegistrationRefusal } from "~/components/programs/staff-registration-form";
import { handleEventForm } from "~/utils/event-builder.server";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { handleStaffRegistrationForm } from "~/utils/staff-registration.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: checkInStyles },
  { rel: "stylesheet", href: staffStyles },
];
export const meta: MetaFunction = () => [{ title: "Events" }];

/**
 * /events, the staff's events (view events, or create programs and events; feature event; decision 053):
 * upcoming events soonest first or past ones latest first (?when=upcoming|past), searched and paged, and
 * the registrations of the event chosen (?event={id}); register and remove until the event has ended.
 * Those who create programs and events also create, edit and delete events here (?edit=new|{id}, decision 056).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const q = new URL(request.url).searchParams;
  const page = await staffEventsPageOf(context.services, auth, {
    search: q.get("search"),
    when: q.get("when"),
    page: q.get("page"),
    size: q.get("size"),
    event: q.get("event"),
  });
  if (page.missing) {
    q.delete("event");
    throw redirect(`/events${q.size ? `?${q}` : ""}`);
  }
  const edit = q.get("edit");
  const builder = edit && page.canRegister ? await eventBuilderOf(context.services, auth, edit) : null;
  // an edit of an event that is not (or no longer) the organization's, or by someone who may not: back to the list
  if (edit && (!builder || (edit !== "new" && !builder.editing))) throw redirect("/events");
  return json({ ...page, builder, commandId: newId() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const form = await readForm(request);
  return (await handleEventForm(context.services, auth, request, form)) ?? handleStaffRegistrationForm(context.services, auth, request, form, "event");
}

export default function EventsPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<StaffRegistrationRefusal | { result: unknown }>();
  const refused = answer && "error" in answer ? answer : null;
  // a refused delete shows above the list; the panel's refusals show in the panel
  const eventRefusal = refused?.intent === EVENT_LIST_INTENT ? refused.error : null;
  const refusal = refused && refused.intent !== EVENT_LIST_INTENT ? refused : null;
  const href = useQueryHref();
  const s = page.selected;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Events
          </Heading>
          <Text size="2" color="gray">
            One-off and multi-day events with their places. Choose an event to see who is registered.
          </Text>
        </Flex>
        {page.canRegister && !page.builder ? (
          <Button asChild>
            <RemixLink to="?edit=new">Create Event</RemixLink>
          </Button>
        ) : null}
      </Flex>
      {page.builder ? (
        <EventForm key={page.builder.editing?.id ?? "new"} event={page.builder.editing} staff={page.builder.staff} timeZone={page.builder.timeZone} commandId={page.commandId} />
      ) : (
        <>
          {eventRefusal ? (
            <Callout.Root color="red" role="alert" mb="3">
              <Callout.Text>{eventRefusal}</Callout.Text>
            </Callout.Root>
          ) : null}
              <div className="rc-staff-layout" data-open={s ? "" : undefined}>
            <div className="rc-staff-list">
              <StaffListControls
                search={page.search}
                filterKey="when"
                filter={page.when}
                filters={[
                  { value: "upcoming", label: "Upcoming" },
                  { value: "past", label: "Past" },
                ]}
                count={page.count}
                noun={["event", "events"]}
                searchLabel="Search events by name"
              />
              {page.events.length ? (
                <StaffEventList events={page.events} selectedId={s?.event.id ?? null} />
              ) : (
                <Text as="p" size="2" color="gray" data-testid="events-empty">
                  {page.search ? `No events match '${page.search}'.` : page.when === "upcoming" ? "No upcoming events." : "No past events."}
                </Text>
              )}
              <StaffListPager page={page.page} size={page.size} totalPages={page.totalPages} />
            </div>
            {s ? (
              <div className="rc-staff-panel">
                <RegistrationsPanel
                  key={s.event.id}
                  kind="event"
                  targetId={s.event.id}
                  name={s.event.name}
                  summary={
                    <>
                      <Text size="2">{s.event.when}</Text>
                      <Text size="2" color="gray">
                        {s.event.location || "No location"} · {coachesLabel(s.event.coaches)}
                      </Text>
                      <EventFigures event={s.event} />
                      {page.canRegister ? <EventActions id={s.event.id} name={s.event.name} commandId={page.commandId} /> : null}
                    </>
                  }
                  registered={s.registered}
                  waitlist={null}
                  canRegister={page.canRegister}
                  closed={s.event.ended ? "This event has ended: its registrations stay as they were for its report." : null}
                  reportHref={page.canExport ? `/events/${s.event.id}/report` : null}
                  closeHref={href({ event: null })}
                  refusal={refusal}
                  commandId={page.commandId}
                />
              </div>
            ) : null}
          </div>
        </>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
