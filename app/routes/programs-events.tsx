import { Button, Container, Flex, Heading, TabNav, Text } from "@radix-ui/themes";
import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { scheduleOf } from "#modules/programs";
import { formatTime } from "#modules/programs/client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import scheduleStyles from "~/components/programs/schedule.css";
import { dayTitle, DayList, weekTitle } from "~/components/programs/schedule-parts";
import { guardPage } from "~/utils/page-guard.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];
export const meta: MetaFunction = () => [{ title: "Schedule" }];

/**
 * /programs-events, the Schedule (kiosk allowed; decision 048): the programs' sessions of a week (Sunday
 * first) or of a day, in the organization's time zone, coloured by type. ?view=week|day&date=YYYY-MM-DD;
 * the kiosk opens on today's day.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const url = new URL(request.url);
  return json(await scheduleOf(context.services, auth, { view: url.searchParams.get("view"), date: url.searchParams.get("date") }));
}

const to = (view: string, date: string) => `?view=${view}&date=${date}`;

export default function SchedulePage() {
  const s = useLoaderData<typeof loader>();
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
            <DayList key={date} date={date} today={s.today} entries={byDay(date)} />
          ))}
        </div>
      ) : (
        <DayList date={first} today={s.today} entries={byDay(first)} />
      )}
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
