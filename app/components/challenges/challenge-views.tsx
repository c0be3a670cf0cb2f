import { Badge, Box, Card, Flex, Heading, Link, Progress, Table, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { RULE_LABELS, type ChallengeRuleKind } from "#modules/challenges/client";

export type ChallengeView = {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  start_date: string;
  end_date: string;
  points: number;
  rule: ChallengeRuleKind;
  survey_id: string | null;
  program_id: string | null;
  sessions: number | null;
  archived: boolean;
  completions: number;
};
export type MemberProgressView = { participant_id: string; name: string; sessions: number; needed: number; completed: boolean; completed_date: string | null };
export type MemberChallengeView = ChallengeView & { progress: MemberProgressView[] };
export type ProgressRowView = MemberProgressView & { completed_how: string | null };

const day = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-CA", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
export const datesOf = (c: Pick<ChallengeView, "start_date" | "end_date">) => `${day(c.start_date)} – ${day(c.end_date)}`;

/** What completes it, in a member's words. */
export function ruleText(c: Pick<ChallengeView, "rule" | "sessions" | "program_id">, names: { survey?: string; program?: string } = {}) {
  if (c.rule === "survey") return names.survey ? `Complete the survey “${names.survey}”` : "Complete a survey";
  // a challenge of any program counts events attended too (decision 112)
  if (c.rule === "attendance") return `Attend ${c.sessions ?? 1} ${c.sessions === 1 ? "session" : "sessions"}${names.program ? ` of ${names.program}` : c.program_id ? "" : " (programs or events)"}`;
  return "A staff member confirms it";
}

function ProgressLine({ p, rule }: { p: MemberProgressView; rule: ChallengeRuleKind }) {
  const label = p.completed ? "Completed" : rule === "attendance" ? `${p.sessions} of ${p.needed} sessions` : "Not completed yet";
  return (
    <Flex direction="column" gap="1">
      <Flex justify="between" gap="2" wrap="wrap">
        <Text size="2" weight="medium">
          {p.name}
        </Text>
        <Text size="2" color={p.completed ? "green" : "gray"}>
          {label}
        </Text>
      </Flex>
      <Progress value={Math.round((100 * (p.completed ? p.needed : p.sessions)) / Math.max(1, p.needed))} aria-label={`${p.name}: ${label}`} color={p.completed ? "green" : undefined} />
    </Flex>
  );
}

/**
 * A member's (or parent's) open challenges, each with their progress; a survey challenge links to its survey for the
 * members the caller may answer it for (`answerable`: open to them, and a parent only for a child the survey lets
 * parents answer for, decision 117).
 */
export function MemberChallenges({ rows, answerable = () => true }: { rows: MemberChallengeView[]; answerable?: (surveyId: string, participantId: string) => boolean }) {
  if (rows.length === 0)
    return (
      <Text color="gray" as="p">
        No challenges are open for you right now.
      </Text>
    );
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label="Open challenges" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {rows.map((c) => (
          <li key={c.id}>
            <Card>
              <Flex gap="3" direction={{ initial: "column", sm: "row" }}>
                {c.image_url ? <img src={c.image_url} alt="" width={120} height={90} style={{ objectFit: "cover", borderRadius: "var(--radius-2)" }} /> : null}
                <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 0 }}>
                  <Flex justify="between" align="start" gap="2" wrap="wrap">
                    <Heading as="h3" size="4">
                      {c.title}
                    </Heading>
                    <Badge size="2" color="amber">
                      {c.points} points
                    </Badge>
                  </Flex>
                  {c.description ? <Text size="2">{c.description}</Text> : null}
                  <Text size="2" color="gray">
                    {ruleText(c)} · until {day(c.end_date)}
                  </Text>
                  {c.progress.map((p) => (
                    <Box key={p.participant_id}>
                      <ProgressLine p={p} rule={c.rule} />
                      {c.rule === "survey" && !p.completed && c.survey_id && answerable(c.survey_id, p.participant_id) ? (
                        <Link asChild size="2">
                          <RemixLink to={`/challenges?survey=${c.survey_id}&participant=${p.participant_id}`}>Answer the survey{c.progress.length > 1 ? ` for ${p.name}` : ""}</RemixLink>
                        </Link>
                      ) : null}
                    </Box>
                  ))}
                </Flex>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** Staff's list of challenges. */
export function ChallengeTable({ rows }: { rows: ChallengeView[] }) {
  if (rows.length === 0)
    return (
      <Text color="gray" as="p">
        No challenges yet.
      </Text>
    );
  return (
    <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Challenges list">
      <Table.Root variant="surface" size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Challenge</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Completed by</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Points</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Dates</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((c) => (
            <Table.Row key={c.id}>
              <Table.RowHeaderCell>
                <Flex direction="column">
                  <Link asChild weight="medium">
                    <RemixLink to={`/challenges?challenge=${c.id}`}>{c.title}</RemixLink>
                  </Link>
                  <Text size="1" color="gray">
                    {RULE_LABELS[c.rule]}
                  </Text>
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>{c.completions}</Table.Cell>
              <Table.Cell>{c.points}</Table.Cell>
              <Table.Cell>{datesOf(c)}</Table.Cell>
              <Table.Cell>{c.archived ? <Badge color="gray">Archived</Badge> : <Badge color="green">Active</Badge>}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

const HOW: Record<string, string> = { survey: "Survey submitted", attendance: "Sessions attended", staff: "Confirmed by staff" };

/** Who completed a challenge and who is on the way. */
export function ProgressTable({ rows, rule }: { rows: ProgressRowView[]; rule: ChallengeRuleKind }) {
  if (rows.length === 0)
    return (
      <Text color="gray" as="p">
        Nobody has started this challenge yet.
      </Text>
    );
  return (
    <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Members' progress">
      <Table.Root variant="surface" size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Member</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Progress</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Completed</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.participant_id}>
              <Table.RowHeaderCell>{r.name}</Table.RowHeaderCell>
              <Table.Cell>{r.completed ? "Completed" : rule === "attendance" ? `${r.sessions} of ${r.needed} sessions` : "Not yet"}</Table.Cell>
              <Table.Cell>{r.completed_date ? `${new Date(r.completed_date).toLocaleDateString("en-CA", { month: "short", day: "numeric" })} · ${HOW[r.completed_how ?? ""] ?? ""}` : "—"}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
