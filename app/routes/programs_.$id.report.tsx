import { Badge, Container, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportExportButton } from "~/components/exports/report-export-button";
import { Figure, Figures, Loading, mdy, orDash, ReportHeader, ReportPager } from "~/components/programs/report-parts";
import { PageNotFound } from "~/components/page-not-found";
import { canExportPrograms, programReportScreen, reportPageQueryOf } from "#modules/programs";
import { signedInPage } from "~/utils/page-guard.server";

/** /programs/{id}/report (decision 054): the program's figures, its report rows page by page, and the CSV export. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const screen = await programReportScreen(context.services, auth, params.id, reportPageQueryOf(new URL(request.url)));
  if (!screen) return json({ found: false as const }, { status: 404 });
  return json({ found: true as const, canExport: canExportPrograms(auth), ...screen }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ProgramReportPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.found) return <PageNotFound />;
  const { program, figures: f, rows, count, page, size, totalPages, canExport, today } = data;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <ReportHeader
        crumbs={[
          { to: "/programs", label: "Programs" },
          { to: "/programs/report", label: "Program Summary" },
        ]}
        title={`${program.name}: Program Report`}
        subtitle={`Figures up to today (${mdy(today)})${program.archived_on ? `; archived on ${mdy(program.archived_on)}` : ""}`}
        action={canExport ? <ReportExportButton kind="program-report" filters={{ programId: program.id }} /> : null}
      />
      <Figures label="Program figures">
        <Figure label="Sessions to date" value={f?.sessions ?? 0} testId="figure-sessions" />
        <Figure label="Attendance" value={`${f?.attendance_percentage ?? 0}%`} testId="figure-attendance" />
        <Figure label="Registrants" value={f?.total_registrant_count ?? 0} testId="figure-registrants" />
        <Figure label="Attendees" value={f?.total_attendees_count ?? 0} testId="figure-attendees" />
        <Figure label="Absences" value={f?.total_absent_count ?? 0} testId="figure-absences" />
        <Figure label="Average attendees per session" value={f?.avg_attendees_count ?? 0} />
        <Figure label="Average participants per session" value={f?.avg_total_participant ?? 0} />
        <Figure label="Mean age" value={orDash(f?.mean_age)} testId="figure-mean-age" />
      </Figures>
      <Text as="p" size="2" color="gray" mb="2">
        {count === 1 ? "1 member" : `${count.toLocaleString()} members`} (registered members, and drop-ins who attended)
      </Text>
      <Loading label="Program report rows, scrolls sideways">
        <Table.Root variant="surface" size="1" data-testid="program-report-rows" aria-label="Program report rows">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Member ID</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Age</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sessions</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Attended</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Attendance</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Absent</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Excused</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Points</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>FSA</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={10}>
                  <Text color="gray">No members are registered in this program yet.</Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((r) => {
                const p = r as typeof r & Partial<Record<"member_id" | "first_name" | "last_name" | "age" | "fsa", string | number | null>>;
                return (
                  <Table.Row key={r.participant_id ?? `${p.member_id}`} data-testid="program-report-row">
                    <Table.RowHeaderCell>{orDash(p.member_id)}</Table.RowHeaderCell>
                    <Table.Cell>
                      {`${p.first_name ?? ""} ${p.last_name ?? ""}`.trim() || "–"}{" "}
                      {r.drop_in ? (
                        <Badge color="amber" variant="soft">
                          Drop-in
                        </Badge>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{orDash(p.age)}</Table.Cell>
                    <Table.Cell>{r.sessions}</Table.Cell>
                    <Table.Cell>{r.attendance_count}</Table.Cell>
                    <Table.Cell>{r.attendance_percentage}%</Table.Cell>
                    <Table.Cell>{r.absent_count}</Table.Cell>
                    <Table.Cell>{r.excused_count}</Table.Cell>
                    <Table.Cell>{r.points}</Table.Cell>
                    <Table.Cell>{orDash(p.fsa)}</Table.Cell>
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Loading>
      <ReportPager page={page} size={size} totalPages={totalPages} />
      <Text as="p" size="1" color="gray" mt="3">
        {size} rows a page. Present and late count as attended; an excused session is left out of the attendance.
      </Text>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
