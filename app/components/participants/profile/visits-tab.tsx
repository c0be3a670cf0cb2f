import { Badge, Box, Button, Card, DataList, Flex, Table, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { PROFILE_TEXT } from "#modules/participants/client";
import { PROGRAM_TYPE_COLORS, type ProgramType } from "#modules/programs/client";
import { formatClock, formatDay, type Profile } from "./types";

type Visits = NonNullable<Profile["visits"]>;
type Visit = Visits["data"][number];

/** 'name (relationship)'; a child who travels alone is checked out with 'NA' (decision 026): 'Left independently'. */
function pickedUp(v: Visit): string | null {
  if (!v.pick_up_name) return null;
  if (v.pick_up_name === "NA") return "Left independently";
  return v.pick_up_relationship && v.pick_up_relationship !== "NA" ? `${v.pick_up_name} (${v.pick_up_relationship})` : v.pick_up_name;
}

function Programs({ visit }: { visit: Visit }) {
  const programs = visit.programs_and_events ?? [];
  if (programs.length === 0) return <Text color="gray" highContrast>None</Text>;
  return (
    <Flex gap="1" wrap="wrap">
      {programs.map((p) => (
        <Badge key={p.id} variant="soft" color={PROGRAM_TYPE_COLORS[p.type as ProgramType] ?? "gray"}>
          {p.name}
        </Badge>
      ))}
    </Flex>
  );
}

function TimeOut({ visit, timeZone }: { visit: Visit; timeZone: string }) {
  return visit.check_out_time ? <>{formatClock(visit.check_out_time, timeZone)}</> : <Badge color="green">{PROFILE_TEXT.stillIn}</Badge>;
}

/** Previous / Next as links (the page is in the URL), and 'Page n of m' only when there is something to page. */
function Pager({ visits, participantId }: { visits: Visits; participantId: string }) {
  if (visits.pages <= 1) return null;
  const to = (page: number) => `/participants/${participantId}?tab=visits&page=${page + 1}`;
  const first = visits.page === 0;
  const last = visits.page >= visits.pages - 1;
  return (
    <Flex asChild align="center" justify="between" gap="3" mt="4">
      <nav aria-label="Visits pages">
        {first ? (
          <Button variant="soft" disabled>
            Previous
          </Button>
        ) : (
          <Button asChild variant="soft">
            <RemixLink to={to(visits.page - 1)} preventScrollReset>
              Previous
            </RemixLink>
          </Button>
        )}
        <Text size="2" data-testid="visits-page">
          Page {visits.page + 1} of {visits.pages}
        </Text>
        {last ? (
          <Button variant="soft" disabled>
            Next
          </Button>
        ) : (
          <Button asChild variant="soft">
            <RemixLink to={to(visits.page + 1)} preventScrollReset>
              Next
            </RemixLink>
          </Button>
        )}
      </nav>
    </Flex>
  );
}

/**
 * The Visits tab: the check-in history, newest first, paged; a table from tablet width, cards on a phone.
 * Who collected the child and the security code show where the viewer's role sees them (the field policy).
 */
export function VisitsTab({ profile }: { profile: Profile }) {
  const visits = profile.visits;
  if (!visits) return null;
  const { timeZone } = profile;
  if (visits.count === 0) {
    return (
      <Text as="p" size="2" color="gray" highContrast data-testid="visits-empty">
        {PROFILE_TEXT.noVisits}
      </Text>
    );
  }
  const pickUp = visits.data.some((v) => "pick_up_name" in v);
  const codes = visits.data.some((v) => "security_code" in v);
  return (
    <Box data-testid="profile-visits">
      <Text as="p" size="2" color="gray" highContrast mb="3">
        {visits.count} {visits.count === 1 ? "visit" : "visits"}, newest first. Times in {profile.timeZoneName}.
      </Text>
      <Box display={{ initial: "none", sm: "block" }}>
        <Table.Root variant="surface" size="2">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Program</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Time In</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Time Out</Table.ColumnHeaderCell>
              {pickUp ? <Table.ColumnHeaderCell>Picked Up By</Table.ColumnHeaderCell> : null}
              {codes ? <Table.ColumnHeaderCell>Security Code</Table.ColumnHeaderCell> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visits.data.map((v) => (
              <Table.Row key={v.id} data-testid="visit-row">
                <Table.RowHeaderCell>{formatDay(v.check_in_time, timeZone)}</Table.RowHeaderCell>
                <Table.Cell>
                  <Programs visit={v} />
                </Table.Cell>
                <Table.Cell>{formatClock(v.check_in_time, timeZone)}</Table.Cell>
                <Table.Cell>
                  <TimeOut visit={v} timeZone={timeZone} />
                </Table.Cell>
                {pickUp ? <Table.Cell>{pickedUp(v) ?? (v.check_out_time ? PROFILE_TEXT.notRecorded : "")}</Table.Cell> : null}
                {codes ? <Table.Cell style={{ fontFamily: "var(--code-font-family)" }}>{v.security_code ?? ""}</Table.Cell> : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Flex asChild direction="column" gap="3" display={{ initial: "flex", sm: "none" }}>
        <ul aria-label="Visits" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {visits.data.map((v) => (
            <li key={v.id} data-testid="visit-card">
              <Card size="2">
                <Text as="p" weight="bold" size="3" mb="2">
                  {formatDay(v.check_in_time, timeZone)}
                </Text>
                <DataList.Root orientation="horizontal" size="2">
                  <DataList.Item>
                    <DataList.Label minWidth="110px">Program</DataList.Label>
                    <DataList.Value>
                      <Programs visit={v} />
                    </DataList.Value>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.Label minWidth="110px">Time In</DataList.Label>
                    <DataList.Value>{formatClock(v.check_in_time, timeZone)}</DataList.Value>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.Label minWidth="110px">Time Out</DataList.Label>
                    <DataList.Value>
                      <TimeOut visit={v} timeZone={timeZone} />
                    </DataList.Value>
                  </DataList.Item>
                  {pickUp && v.check_out_time ? (
                    <DataList.Item>
                      <DataList.Label minWidth="110px">Picked Up By</DataList.Label>
                      <DataList.Value>{pickedUp(v) ?? PROFILE_TEXT.notRecorded}</DataList.Value>
                    </DataList.Item>
                  ) : null}
                  {codes && v.security_code ? (
                    <DataList.Item>
                      <DataList.Label minWidth="110px">Security Code</DataList.Label>
                      <DataList.Value>{v.security_code}</DataList.Value>
                    </DataList.Item>
                  ) : null}
                </DataList.Root>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
      <Pager visits={visits} participantId={profile.participant.id} />
    </Box>
  );
}
