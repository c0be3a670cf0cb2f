import { Button, Container, Flex, Heading, TabNav, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { newId } from "#modules/kernel";
import { scheduleOf } from "#modules/programs";
import { formatTime } from "#modules/programs/client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import scheduleStyles from "~/components/programs/schedule.css";
import { dayTitle, DayList, weekTitle } from "~/components/programs/schedule-parts";
import { AttendancePanel } from "~/components/programs/attendance-panel";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { handleAttendanceForm } from "~/utils/schedule-attendance.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];
export const meta: MetaFunction = () => [{ title: "Schedule" }];

/**
 * /programs-events, the Schedule (kiosk allowed; decision 048): the programs' sessions of a week (Sunday
 * first) or of a day, in the organization's time zone, coloured by type. ?view=week|day&date=YYYY-MM-DD;
 * the kiosk opens on today's day.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const q = new URL(request.url).searchParams;
  const schedule = await scheduleOf(context.services, auth, { view: q.get("view"), date: q.get("date"), program: q.get("program"), start: q.get("start") });
  return json({ ...schedule, commandId: newId() });
}

/** The attendance form of a session (decision 046): staff with 'take attendance' only (the service refuses others). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  return handleAttendanceForm(context.services, auth, request, await readForm(request));
}

const to = (view: string, date: string) => `?view=${view}&date=${date}`;

export default function SchedulePage() {
  const s = useLoaderData<typeof loader>();
  const refusal = useActionData<{ error?: string }>()?.error ?? null;
  // the sessions up to today take attendance, for staff who may take it (builder programs: decision 046)
  const attendanceLink = (e: (typeof s.entries)[number]) =>
    s.canTakeAttendance && e.takes_attendance && e.date <= s.today ? `?${new URLSearchParams({ view: "day", date: e.date, program: e.program_id, start: e.start_time })}` : null;
  const first = s.days[0]!;
  const last = s.days[s.days.length - 1]!;
  const byDay = (date: string) => s.entries.filter((e) => e.date === date);
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction={{ initial: "column", md: "row" }} justify="between" gap="3" mb="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Schedule
          </Heading>
          <Text size="2" color="gray" data-testid="schedule-span">
            {s.view === "week" ? weekTitle(first, last) : dayTitle(first, true)} · sessions from {formatTime(s.window.start)} to {formatTime(s.window.end)}
          </Text>
        </Flex>
        <Flex gap="2" align="center" wrap="wrap">
          <TabNav.Root aria-label="View">
            <TabNav.Link asChild active={s.view === "week"}>
              <RemixLink to={to("week", s.date)}>Week</RemixLink>
            </TabNav.Link>
            <TabNav.Link asChild active={s.view === "day"}>
              <RemixLink to={to("day", s.date)}>Day</RemixLink>
            </TabNav.Link>
          </TabNav.Root>
          <Button variant="soft" asChild>
            <RemixLink to={to(s.view, s.previous)} aria-label={s.view === "week" ? "Previous week" : "Previous day"}>
              Previous
            </RemixLink>
          </Button>
          <Button variant="soft" asChild>
            <RemixLink to={to(s.view, s.today)}>Today</RemixLink>
          </Button>
          <Button variant="soft" asChild>
            <RemixLink to={to(s.view, s.next)} aria-label={s.view === "week" ? "Next week" : "Next day"}>
              Next
            </RemixLink>
          </Button>
        </Flex>
      </Flex>
      {s.view === "week" ? (
        <div className="rc-sched-week" data-testid="schedule-week">
          {s.days.map((date) => (
            <DayList key={date} date={date} today={s.today} entries={byDay(date)} attendanceLink={attendanceLink} />
          ))}
        </div>
      ) : (
        <DayList date={first} today={s.today} entries={byDay(first)} attendanceLink={attendanceLink} />
      )}
      {s.attendance ? <AttendancePanel panel={s.attendance} back={to("day", s.date)} commandId={s.commandId} refusal={refusal} /> : null}
      {s.entries.length === 0 ? (
        <Text as="p" size="2" color="gray" mt="4" data-testid="schedule-empty">
          No program meets {s.view === "week" ? "this week" : "on this day"}.
        </Text>
      ) : null}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
