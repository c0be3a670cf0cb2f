import { Badge, Box, Button, Card, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { Form, Link as RemixLink } from "@remix-run/react";
import { useWhen } from "./when";
import { CATEGORY_LABELS, type PointCategory } from "#modules/points/client";

export type LedgerEntryView = { id: string; participant_id: string; participant_name?: string; kind: string; amount: number; category: PointCategory | null; reason: string; reversed: boolean; created_date: string };
export type LeaderView = { participant_id: string; name: string; rank: number; points: number; you: boolean };

const KIND_LABEL: Record<string, string> = { award: "Award", spend: "Spent", reversal: "Reversed", refund: "Refund" };
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The ledger as a table in a focusable scroll region; staff may reverse an award (a reason asked). */
export function LedgerTable({ rows, showMember, reversible }: { rows: LedgerEntryView[]; showMember: boolean; reversible: boolean }) {
  const when = useWhen();
  if (rows.length === 0) return <Text color="gray">No points yet.</Text>;
  return (
    <Box className="rc-scroll-x" tabIndex={0} role="region" aria-label="Points history" style={{ overflowX: "auto" }}>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
            {showMember ? <Table.ColumnHeaderCell>Member</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell>Points</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
            {reversible ? <Table.ColumnHeaderCell>Reverse</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>{when(r.created_date)}</Table.Cell>
              {showMember ? <Table.Cell>{r.participant_name}</Table.Cell> : null}
              <Table.Cell>
                <Text weight="bold" color={r.amount > 0 ? "green" : "red"}>
                  {signed(r.amount)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                {KIND_LABEL[r.kind] ?? r.kind}
                {r.category ? ` · ${CATEGORY_LABELS[r.category]}` : ""}
                {r.reversed ? (
                  <>
                    {" "}
                    <Badge color="gray">reversed</Badge>
                  </>
                ) : null}
              </Table.Cell>
              <Table.Cell>{r.reason}</Table.Cell>
              {reversible ? (
                <Table.Cell>
                  {r.kind === "award" && !r.reversed ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reverse" />
                      <input type="hidden" name="entry_id" value={r.id} />
                      <Flex gap="1" align="center">
                        <TextField.Root name="reason" size="1" required placeholder="Reason" aria-label={`Reason to reverse ${signed(r.amount)} for ${r.participant_name ?? "this member"}`} />
                        <Button size="1" variant="soft" color="red" type="submit">
                          Reverse
                        </Button>
                      </Flex>
                    </Form>
                  ) : null}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

const PERIODS = [
  ["all", "All time"],
  ["month", "This month"],
  ["week", "This week"],
] as const;

/**
 * The leaderboard with its period links; `hideable`: staff hide a member from it; `programs`: a choice of the
 * whole organization or one program's members (decision 085), kept by the period links.
 */
export function Leaderboard({ rows, period, basePath, hideable, programs, program = "" }: { rows: LeaderView[]; period: string; basePath: string; hideable: boolean; programs?: { id: string; name: string }[]; program?: string }) {
  const withProgram = program ? `&program=${program}` : "";
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Heading as="h2" size="4">
            Leaderboard
          </Heading>
          <Flex gap="2" asChild>
            <nav aria-label="Leaderboard period">
              {PERIODS.map(([value, label]) => (
                <Button key={value} asChild size="1" variant={period === value ? "solid" : "soft"}>
                  <RemixLink to={`${basePath}?period=${value}${withProgram}`} aria-current={period === value ? "page" : undefined}>
                    {label}
                  </RemixLink>
                </Button>
              ))}
            </nav>
          </Flex>
        </Flex>
        {programs && programs.length > 0 ? (
          <Form method="get" action={basePath}>
            <input type="hidden" name="period" value={period} />
            <Flex gap="2" align="end" wrap="wrap">
              <label style={{ display: "grid", gap: 4 }}>
                <Text size="2" weight="medium">
                  Members of
                </Text>
                <select name="program" defaultValue={program} style={{ minHeight: 32, maxWidth: "100%" }}>
                  <option value="">The whole organization</option>
                  {programs.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" size="1" variant="soft">
                Show
              </Button>
            </Flex>
          </Form>
        ) : null}
        {rows.length === 0 ? (
          <Text color="gray">Nobody has earned points in this period yet.</Text>
        ) : (
          <ol aria-label="Leaderboard" style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 6 }}>
            {rows.map((r) => (
              <li key={r.participant_id}>
                <Flex justify="between" align="center" gap="2">
                  <Text weight={r.you ? "bold" : "regular"}>
                    {r.rank}. {r.name}
                    {r.you ? " (you)" : ""}
                  </Text>
                  <Flex gap="2" align="center">
                    <Text weight="bold">{r.points}</Text>
                    {hideable ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="hide" />
                        <input type="hidden" name="participant_id" value={r.participant_id} />
                        <Button size="1" variant="ghost" color="gray" type="submit" aria-label={`Hide ${r.name} from the leaderboard`}>
                          Hide
                        </Button>
                      </Form>
                    ) : null}
                  </Flex>
                </Flex>
              </li>
            ))}
          </ol>
        )}
      </Flex>
    </Card>
  );
}

/** A member's balance, points earned and rank. */
export function BalanceCard({ name, balance, earned, rank }: { name: string; balance: number; earned: number; rank: number | null }) {
  return (
    <Card>
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          {name}
        </Text>
        <Text size="8" weight="bold" aria-label={`${balance} points to spend`}>
          {balance} <Text size="4">points</Text>
        </Text>
        <Text size="2" color="gray">
          {earned} earned in all{rank ? ` · number ${rank} on the leaderboard` : ""}
        </Text>
      </Flex>
    </Card>
  );
}
