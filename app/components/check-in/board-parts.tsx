import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { useEffect, useState } from "react";
import { pickedUpByText } from "#modules/check-in/client";
import { PROGRAM_TYPE_COLORS } from "#modules/programs/client";
import type { BoardFlag, BoardProgram, BoardRow } from "./api";
import { FlagBadge } from "~/components/flag-badge";

/** What each row of the board (table or cards) is drawn from, and what it can do. */
/** What the table and the cards share: the day's rows, with each row's programs, flag and pending state looked up. */
export type BoardListProps = Omit<BoardRowProps, "row" | "programs" | "flag" | "pending"> & {
  rows: BoardRow[];
  programsOf: (participantId: string) => BoardRowProps["programs"];
  flagOf: (participantId: string) => BoardRowProps["flag"];
  pending: string | null;
};

/** One row's props out of the list's (the table's rows and the phone's cards alike). */
export function rowPropsOf(row: BoardRow, { programsOf, flagOf, pending, showCodes, canCheckOut, onOpen, onCheckOut }: BoardListProps): BoardRowProps {
  return { row, programs: programsOf(row.participant_id), flag: flagOf(row.participant_id), showCodes, canCheckOut, pending: pending === row.id, onOpen, onCheckOut };
}

export type BoardRowProps = {
  row: BoardRow;
  /** the member's programs of the day (docs/decisions/038) */
  programs: BoardProgram[] | undefined;
  flag: BoardFlag | undefined;
  showCodes: boolean;
  canCheckOut: boolean;
  pending: boolean;
  onOpen: (row: BoardRow) => void;
  onCheckOut: (row: BoardRow) => void;
};

/** Who picked the member up, in the CSV's words (pickedUpByText); 'NA' said plainly. A kiosk is not told (decision 027). */
export function pickedUpBy(row: BoardRow) {
  if (!row.check_out_time || !("pick_up_name" in row)) return "";
  return pickedUpByText(row.pick_up_name, row.pick_up_relationship) || "Travels independently";
}

/** The visit's security code, for staff to match against a claim tag (docs/decisions/036); the kiosk's rows have none. */
export const codeOf = (row: BoardRow) => ("security_code" in row ? row.security_code : null);

/** Is a stop flag raised on a member still in (decision 037: marked on the board)? */
export const stoppedIn = (row: BoardRow, flag: BoardFlag | undefined) => (flag?.stop && !row.check_out_time ? "true" : undefined);

/** Members' programs of the day by participant id, from the board call's list (each program with its members). */
export function programsByMember(programs: BoardProgram[]): Map<string, BoardProgram[]> {
  const map = new Map<string, BoardProgram[]>();
  for (const program of programs) for (const id of program.participant_ids) map.set(id, [...(map.get(id) ?? []), program]);
  return map;
}

/** A member's programs of the day, by start time: one small badge each, coloured by type. */
export function ProgramBadges({ programs }: { programs: BoardProgram[] | undefined }) {
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
export function BoardFlagBadge({ flag }: { flag: BoardFlag | undefined }) {
  if (!flag?.stop && !flag?.warn) return null;
  return <FlagBadge type={flag.stop ? "stop" : "warn"} ml="2" data-testid="board-flag" />;
}

/** Tags (when the visit has a code) and Check Out (an open visit, for who may check out): the same on the table and the cards. */
export function RowActions({ row, showCodes, canCheckOut, pending, onCheckOut, size = "1" }: Pick<BoardRowProps, "row" | "showCodes" | "canCheckOut" | "pending" | "onCheckOut"> & { size?: "1" | "3" }) {
  const code = showCodes ? codeOf(row) : null;
  return (
    <Flex gap="2" justify="end" align="center" className="rc-ci-actions">
      {code ? (
        <Button size={size} variant="ghost" asChild>
          <RemixLink to={`/check-in/tags/${row.id}`} aria-label={`Tags for ${row.full_name}`}>
            Tags
          </RemixLink>
        </Button>
      ) : null}
      {canCheckOut && !row.check_out_time ? (
        <Button size={size} variant="soft" onClick={() => onCheckOut(row)} loading={pending} aria-label={`Check Out ${row.full_name}`} data-testid="board-check-out">
          Check Out
        </Button>
      ) : null}
    </Flex>
  );
}

/** The board's phone layout (cards) below this width; the table from it up. */
export const CARDS_QUERY = "(max-width: 599px)";

/** Whether the viewport is a phone's (the board then shows cards); false on the server and until mounted. */
export function usePhoneLayout(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(CARDS_QUERY);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return phone;
}
