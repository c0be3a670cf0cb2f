import { Badge, Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS } from "#modules/programs/client";
import type { ScheduleEntry } from "#modules/programs";

const DAY_NAME = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTH = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

const parts = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

/** 'Thursday, November 26' (the day's own words, independent of the machine's zone). */
export function dayTitle(date: string, withYear = false): string {
  const { y, m, d, weekday } = parts(date);
  return `${DAY_NAME[weekday]}, ${MONTH[m - 1]} ${d}${withYear ? `, ${y}` : ""}`;
}

/** 'November 22 - 28, 2026' or 'November 29 - December 5, 2026' (a week's span). */
export function weekTitle(first: string, last: string): string {
  const a = parts(first);
  const b = parts(last);
  const left = `${MONTH[a.m - 1]} ${a.d}${a.y !== b.y ? `, ${a.y}` : ""}`;
  const right = a.m === b.m && a.y === b.y ? `${b.d}` : `${MONTH[b.m - 1]} ${b.d}`;
  return `${left} – ${right}, ${b.y}`;
}

/** One session: the type's colour down its side, the time, the name, where, the type. */
export function SessionCard({ entry, showDate = false, attendanceHref = null }: { entry: ScheduleEntry; showDate?: boolean; attendanceHref?: string | null }) {
  return (
    <Box className="rc-sched-entry" data-accent-color={PROGRAM_TYPE_COLORS[entry.type]} data-testid="schedule-entry" data-program-id={entry.program_id} data-date={entry.date}>
      <Text as="p" size="1" weight="medium" className="rc-sched-time">
        {showDate ? `${dayTitle(entry.date)} · ` : ""}
        {entry.start_label} – {entry.end_label}
      </Text>
      <Text as="p" size="2" weight="bold">
        {entry.name}
      </Text>
      <Flex gap="2" align="center" wrap="wrap" mt="1">
        <Badge color={PROGRAM_TYPE_COLORS[entry.type]} variant="soft" size="1">
          {PROGRAM_TYPE_LABELS[entry.type]}
        </Badge>
        {entry.location ? (
          <Text size="1" color="gray">
            {entry.location}
          </Text>
        ) : null}
        <Text size="1" color="gray">
          {entry.registered_count} registered
        </Text>
      </Flex>
      {attendanceHref ? (
        <Button size="1" variant="soft" mt="2" asChild>
          <RemixLink to={attendanceHref} aria-label={`Take attendance: ${entry.name}, ${dayTitle(entry.date)} ${entry.start_label}`}>
            Take attendance
          </RemixLink>
        </Button>
      ) : null}
    </Box>
  );
}

/** A day's column (week view) or list (day view): its title, then its sessions or 'No sessions'. */
export function DayList({
  date,
  today,
  entries,
  headingLevel = "h2",
  attendanceLink = () => null,
}: {
  date: string;
  today: string;
  entries: ScheduleEntry[];
  headingLevel?: "h2" | "h3";
  attendanceLink?: (entry: ScheduleEntry) => string | null;
}) {
  const isToday = date === today;
  return (
    <Box className="rc-sched-day" data-today={isToday || undefined} data-testid="schedule-day" data-date={date} aria-current={isToday ? "date" : undefined}>
      <Heading as={headingLevel} size="2" mb="2" className="rc-sched-day-title">
        {dayTitle(date)}
        {isToday ? (
          <Badge ml="2" size="1" color="grass">
            Today
          </Badge>
        ) : null}
      </Heading>
      {entries.length ? (
        <Flex direction="column" gap="2" asChild>
          <ul className="rc-sched-list">
            {entries.map((entry) => (
              <li key={`${entry.program_id}:${entry.date}:${entry.start_time}`}>
                <SessionCard entry={entry} attendanceHref={attendanceLink(entry)} />
              </li>
            ))}
          </ul>
        </Flex>
      ) : (
        <Text as="p" size="1" color="gray">
          No sessions
        </Text>
      )}
    </Box>
  );
}
