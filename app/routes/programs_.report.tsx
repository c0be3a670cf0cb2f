import { Badge, Container, Link, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportExportButton } from "~/components/exports/report-export-button";
import { Loading, mdy, orDash, ReportHeader, ReportPager } from "~/components/programs/report-parts";
import { WEEKDAY_NAMES } from "#modules/programs/client";
import { canExportPrograms, programSummaryScreen, reportPageQueryOf } from "#modules/programs";
import { signedInPage } from "~/utils/page-guard.server";

/** /programs/report (decision 054): the program summary, every program by name (archived ones too), page by page, and its CSV export. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const screen = await programSummaryScreen(context.services, auth, reportPageQueryOf(new URL(request.url)));
  return json({ canExport: canExportPrograms(auth), ...screen }, { headers: { "Cache-Control": "private, no-store" } });
}

const days = (weekDays: string) =>
  weekDays
    .split(",")
    .filter(Boolean)
    .map((d) => WEEKDAY_NAMES[Number(d)]?.slice(0, 3) ?? d)
    .join(", ");

export default function ProgramSummaryPage() {
  const { rows, count, page, size, totalPages, canExport, today } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <ReportHeader
        crumbs={[{ to: "/programs", label: "Programs" }]}
        title="Program Summary"
        subtitle={`${count === 1 ? "1 program" : `${count.toLocaleString()} programs`}, figures up to today (${mdy(today)})`}
        action={canExport ? <ReportExportButton kind="program-summary" filters={{}} /> : null}
      />
      <Loading label="Program summary, scrolls sideways">
        <Table.Root variant="surface" size="1" data-testid="program-summary-rows" aria-label="Program summary">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Program</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Days</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Start date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sessions</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Hours</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Registrants</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Attendees</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Absences</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Avg. attendees</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Avg. participants</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Attendance</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Mean age</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={12}>
                  <Text color="gray">There are no programs yet.</Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((r) => (
                <Table.Row key={r.id} data-testid="program-summary-row">
                  <Table.RowHeaderCell>
                    <Link asChild>
                      <RemixLink to={`/programs/${r.id}/report`}>{r.name}</RemixLink>
                    </Link>{" "}
                    {r.archived_on ? (
                      <Badge color="gray" variant="soft">
                        Archived
                      </Badge>
                    ) : null}
                  </Table.RowHeaderCell>
                  <Table.Cell>{orDash(days(r.week_day))}</Table.Cell>
                  <Table.Cell>{orDash(mdy(r.start_date))}</Table.Cell>
                  <Table.Cell>{r.sessions}</Table.Cell>
                  <Table.Cell>{r.total_hours}</Table.Cell>
                  <Table.Cell>{r.total_registrant_count}</Table.Cell>
                  <Table.Cell>{r.total_attendees_count}</Table.Cell>
                  <Table.Cell>{r.total_absent_count}</Table.Cell>
                  <Table.Cell>{r.avg_attendees_count}</Table.Cell>
                  <Table.Cell>{r.avg_total_participant}</Table.Cell>
                  <Table.Cell>{r.attendance_percentage}%</Table.Cell>
                  <Table.Cell>{orDash(r.mean_age)}</Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Loading>
      <ReportPager page={page} size={size} totalPages={totalPages} />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
