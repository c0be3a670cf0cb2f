import { Badge, Container, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportExportButton } from "~/components/exports/report-export-button";
import { Figure, Figures, Loading, orDash, ReportHeader, ReportPager } from "~/components/programs/report-parts";
import { PageNotFound } from "~/components/page-not-found";
import { useTimeZone } from "~/components/time-zone";
import { eventReportScreen } from "#modules/appointments";
import { canExportPrograms, reportPageQueryOf } from "#modules/programs";
import { signedInPage } from "~/utils/page-guard.server";

/** /events/{id}/report (decision 054): the event's name, dates and attendees, its registered participants page by page, and the CSV export. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const screen = await eventReportScreen(context.services, auth, params.id, reportPageQueryOf(new URL(request.url)));
  if (!screen) return json({ found: false as const }, { status: 404 });
  return json({ found: true as const, canExport: canExportPrograms(auth), ...screen }, { headers: { "Cache-Control": "private, no-store" } });
}

/** MM/DD/YYYY hh:mm am in the organization's time zone. */
function when(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: true }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("month")}/${get("day")}/${get("year")} ${get("hour")}:${get("minute")} ${get("dayPeriod").toLowerCase()}`;
}

const ATTENDANCE = { present: { color: "green", text: "Present" }, absent: { color: "red", text: "Absent" } } as const;

export default function EventReportPage() {
  const data = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  if (!data.found) return <PageNotFound />;
  const { event, rows, count, page, size, totalPages, canExport } = data;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <ReportHeader
        crumbs={[{ to: "/events", label: "Events" }]}
        title={`${event.name}: Event Report`}
        subtitle={`${when(event.start_date, timeZone)} to ${when(event.end_date, timeZone)}${event.location ? ` · ${event.location}` : ""}`}
        action={canExport ? <ReportExportButton kind="event-report" filters={{ eventId: event.id }} /> : null}
      />
      <Figures label="Event figures">
        <Figure label="Registered" value={event.registered} testId="figure-registered" />
        <Figure label="Attendees" value={event.attendees} testId="figure-attendees" />
        <Figure label="Absentees" value={event.absentees} testId="figure-absentees" />
        <Figure label="Points per attendee" value={event.points} />
      </Figures>
      <Loading label="Event report rows, scrolls sideways">
        <Table.Root variant="surface" size="1" data-testid="event-report-rows" aria-label="Event report rows">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Member ID</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Age</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Gender</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Postal code</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Attendance</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Points</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={7}>
                  <Text color="gray">No participants are registered for this event yet.</Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((r, i) => {
                const p = r as typeof r & Partial<Record<"id" | "member_id" | "full_name" | "age" | "gender" | "postal_code", string | number | null>>;
                const mark = r.attendance ? ATTENDANCE[r.attendance] : null;
                return (
                  <Table.Row key={`${p.id ?? i}`} data-testid="event-report-row">
                    <Table.RowHeaderCell>{orDash(p.member_id)}</Table.RowHeaderCell>
                    <Table.Cell>{orDash(p.full_name)}</Table.Cell>
                    <Table.Cell>{orDash(p.age)}</Table.Cell>
                    <Table.Cell>{orDash(p.gender)}</Table.Cell>
                    <Table.Cell>{orDash(p.postal_code)}</Table.Cell>
                    <Table.Cell>
                      {mark ? (
                        <Badge color={mark.color} variant="soft">
                          {mark.text}
                        </Badge>
                      ) : (
                        <Text color="gray">Not marked</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{r.points}</Table.Cell>
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Loading>
      <Text as="p" size="2" color="gray" mt="2">
        {count === 1 ? "1 participant" : `${count.toLocaleString()} participants`} registered
      </Text>
      <ReportPager page={page} size={size} totalPages={totalPages} />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
