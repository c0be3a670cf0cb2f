import { Badge, Card, Flex, Grid, Heading, Link, Table, Text } from "@radix-ui/themes";
import { Link as RemixLink, useRevalidator } from "@remix-run/react";
import type { StaffToday } from "#modules/check-in";
import { useLiveTopic } from "../use-live-topic";

const LIVE_EVENTS = ["check-in:changed", "flag:changed"] as const;

function Figure({ id, label, value, detail, to, linkText }: { id: string; label: string; value: string; detail: string; to: string; linkText: string }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="1">
          <Heading as="h2" size="3" id={id} color="gray">
            {label}
          </Heading>
          <Text size="8" weight="bold">
            {value}
          </Text>
          <Text size="2" color="gray">
            {detail}
          </Text>
          <Link asChild size="2" underline="always">
            <RemixLink to={to}>{linkText}</RemixLink>
          </Link>
        </Flex>
      </section>
    </Card>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Home for staff (decision 097): today's figures, kept up to date from the organization's check-in topic on the
 * live channel (each check-in, check-out or flag change reloads them).
 */
export function StaffTodayPanel({ today, organizationId, dayLabel }: { today: StaffToday; organizationId: string; dayLabel: string }) {
  const revalidator = useRevalidator();
  useLiveTopic({ organizationId, topic: "check-in" }, LIVE_EVENTS, () => revalidator.revalidate(), 300);
  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2" color="gray" aria-live="polite">
        Today, {dayLabel}: {plural(today.visitsToday, "visit", "visits")} so far.
      </Text>
      <Grid columns={{ initial: "1", xs: "2", md: "4" }} gap="3">
        <Figure id="today-in-now" label="Checked in now" value={String(today.inNow)} detail={plural(today.visitsToday, "visit today", "visits today")} to="/check-in" linkText="Open the check-in list" />
        <Figure
          id="today-expected"
          label="Expected today"
          value={today.expected ? `${today.expectedArrived} of ${today.expected}` : "0"}
          detail={today.expected ? "registered members of today's programs have come" : "No program meets today"}
          to="/programs"
          linkText="See programs"
        />
        <Figure
          id="today-flags"
          label="Flags needing attention"
          value={String(today.stopFlags + today.warnFlags)}
          detail={`${plural(today.stopFlags, "stop", "stops")}, ${plural(today.warnFlags, "warning", "warnings")}; ${today.flaggedInNow} in now`}
          to="/user/flagged"
          linkText="See flagged members"
        />
        {today.unscreenedInNow !== null ? (
          <Figure
            id="today-unscreened"
            label="Not screened"
            value={String(today.unscreenedInNow)}
            detail="checked in now without today's health screening"
            to="/check-in"
            linkText="Open the check-in list"
          />
        ) : null}
      </Grid>
      {today.programs.length ? (
        <Card size="2" asChild>
          <section aria-labelledby="today-programs">
            <Heading as="h2" size="4" mb="3" id="today-programs">
              Today&apos;s programs
            </Heading>
            <Table.Root size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Program</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Time</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Came</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {today.programs.map((p) => (
                  <Table.Row key={p.id}>
                    <Table.RowHeaderCell>{p.name}</Table.RowHeaderCell>
                    <Table.Cell>
                      {p.start_label} to {p.end_label}
                    </Table.Cell>
                    <Table.Cell justify="end">
                      <Badge color={p.registered && p.arrived === p.registered ? "green" : "gray"}>
                        {p.arrived} of {p.registered}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </section>
        </Card>
      ) : null}
    </Flex>
  );
}
