import { Avatar, Badge, Button, Code, Flex, Link, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { useMemo } from "react";
import { Link as RemixLink } from "@remix-run/react";
import { PROGRAM_TYPE_COLORS } from "#modules/programs/client";
import type { BoardFlag, BoardProgram, BoardRow } from "./api";
import { FlagBadge } from "~/components/flag-badge";
import { clockTime, initials } from "./rules";

type Props = {
  rows: BoardRow[];
  /** the day's programs with their registered members */
  programs: BoardProgram[];
  /** members with an active flag, live */
  flags: Map<string, BoardFlag>;
  emptyText: string;
  canCheckOut: boolean;
  onOpen: (row: BoardRow) => void;
  onCheckOut: (row: BoardRow) => void;
  pending: string | null;
};

/** 'NA' is what a member who travels alone is checked out with: said plainly on the board. A kiosk is not told (decision 027). */
function pickedUpBy(row: BoardRow) {
  if (!row.check_out_time || !("pick_up_name" in row)) return "";
  if (!row.pick_up_name || row.pick_up_name === "NA") return "Travels independently";
  return row.pick_up_relationship && row.pick_up_relationship !== "NA" ? `${row.pick_up_name} (${row.pick_up_relationship})` : row.pick_up_name;
}

/** The visit's security code, for staff to match against a claim tag (docs/decisions/036); the kiosk's rows have none. */
const codeOf = (row: BoardRow) => ("security_code" in row ? row.security_code : null);

/** A member's programs of the day, by start time: one small badge each, coloured by type. */
function ProgramBadges({ programs }: { programs: BoardProgram[] | undefined }) {
  if (!programs?.length) return <Text color="gray">None</Text>;
  return (
    <Flex gap="1" wrap="wrap">
      {programs.map((p) => (
        <Badge key={p.id} variant="soft" color={PROGRAM_TYPE_COLORS[p.type as keyof typeof PROGRAM_TYPE_COLORS] ?? "gray"} title={`${p.start_label} - ${p.end_label}`}>
          {p.name}
        </Badge>
      ))}
    </Flex>
  );
}

/** A member's active flag on the board, in the one flag language (decision 037): a stop first. */
function BoardFlagBadge({ flag }: { flag: BoardFlag | undefined }) {
  if (!flag?.stop && !flag?.warn) return null;
  return <FlagBadge type={flag.stop ? "stop" : "warn"} ml="2" data-testid="board-flag" />;
}

/** Today's visits: photo, name, Member ID, check-in and check-out time, picked up by, programs; Check Out on open ones. */
export function BoardTable({ rows, programs, flags, emptyText, canCheckOut, onOpen, onCheckOut, pending }: Props) {
  const byMember = useMemo(() => {
    const map = new Map<string, BoardProgram[]>();
    for (const program of programs) for (const id of program.participant_ids) map.set(id, [...(map.get(id) ?? []), program]);
    return map;
  }, [programs]);
  // staff rows carry the code (the kiosk's never do, decision 027); no column when no visit has one (codes off)
  const showCodes = rows.some((row) => codeOf(row));
  if (rows.length === 0) {
    return (
      <Text as="p" color="gray" my="6" data-testid="board-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    <Table.Root variant="surface" size="1" aria-label="Today's check-ins" className="rc-ci-board">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="56px">
            <VisuallyHidden>Photo</VisuallyHidden>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Member ID</Table.ColumnHeaderCell>
          {showCodes ? <Table.ColumnHeaderCell>Code</Table.ColumnHeaderCell> : null}
          <Table.ColumnHeaderCell>Check-In Time</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Check-Out Time</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Picked Up By</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Programs</Table.ColumnHeaderCell>
          {canCheckOut || showCodes ? (
            <Table.ColumnHeaderCell justify="end">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeaderCell>
          ) : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row
            key={row.id}
            align="center"
            data-testid="board-row"
            data-member-id={row.member_id}
            data-stop={flags.get(row.participant_id)?.stop && !row.check_out_time ? "true" : undefined}
          >
            <Table.Cell>
              <Avatar size="2" radius="full" src={row.photo_url ?? undefined} fallback={initials(row)} alt="" color={row.check_out_time ? "gray" : undefined} />
            </Table.Cell>
            <Table.RowHeaderCell>
              <Link asChild weight="medium" underline="hover">
                <button type="button" className="rc-ci-link" onClick={() => onOpen(row)}>
                  {row.full_name}
                </button>
              </Link>
              <BoardFlagBadge flag={flags.get(row.participant_id)} />
            </Table.RowHeaderCell>
            <Table.Cell>
              <Code variant="ghost" size="2">
                {row.member_id}
              </Code>
            </Table.Cell>
            {showCodes ? (
              <Table.Cell data-testid="board-code">
                {codeOf(row) ? (
                  <Code variant="soft" size="2" weight="bold">
                    {codeOf(row)}
                  </Code>
                ) : (
                  <Text color="gray">None</Text>
                )}
              </Table.Cell>
            ) : null}
            <Table.Cell>{clockTime(row.check_in_time)}</Table.Cell>
            <Table.Cell>{clockTime(row.check_out_time)}</Table.Cell>
            <Table.Cell>
              <Text color={row.pick_up_name === "NA" ? "gray" : undefined}>{pickedUpBy(row)}</Text>
            </Table.Cell>
            <Table.Cell data-testid="board-programs">
              <ProgramBadges programs={byMember.get(row.participant_id)} />
            </Table.Cell>
            {canCheckOut || showCodes ? (
              <Table.Cell justify="end">
                <Flex gap="2" justify="end">
                  {codeOf(row) ? (
                    <Button size="1" variant="ghost" asChild>
                      <RemixLink to={`/check-in/tags/${row.id}`} aria-label={`Tags for ${row.full_name}`}>
                        Tags
                      </RemixLink>
                    </Button>
                  ) : null}
                  {canCheckOut && !row.check_out_time ? (
                    <Button size="1" variant="soft" onClick={() => onCheckOut(row)} loading={pending === row.id} aria-label={`Check Out ${row.full_name}`}>
                      Check Out
                    </Button>
                  ) : null}
                </Flex>
              </Table.Cell>
            ) : null}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
