import { Avatar, Card, Code, DataList, Flex, Link, Text } from "@radix-ui/themes";
import { memo } from "react";
import { BoardFlagBadge, codeOf, pickedUpBy, ProgramBadges, RowActions, stoppedIn, rowPropsOf, type BoardListProps, type BoardRowProps } from "./board-parts";
import { clockTime, initials } from "./rules";

/** One visit as a card (a phone): name, program, code, time in, state, and the table's actions. Memoised like the table's row. */
const BoardCard = memo(function BoardCard({ row, programs, flag, showCodes, canCheckOut, pending, onOpen, onCheckOut }: BoardRowProps) {
  const code = showCodes ? codeOf(row) : null;
  const out = pickedUpBy(row);
  return (
    <li>
      <Card size="2" data-testid="board-row" data-member-id={row.member_id} data-stop={stoppedIn(row, flag)}>
        <Flex direction="column" gap="3">
          <Flex align="center" gap="3">
            <Avatar size="3" radius="full" src={row.photo_url ?? undefined} fallback={initials(row)} alt="" color={row.check_out_time ? "gray" : undefined} />
            <Flex direction="column" minWidth="0">
              <Text as="p" size="3" weight="medium">
                <Link asChild underline="hover">
                  <button type="button" className="rc-ci-link" onClick={() => onOpen(row)}>
                    {row.full_name}
                  </button>
                </Link>
                <BoardFlagBadge flag={flag} />
              </Text>
              <Code variant="ghost" size="2">
                {row.member_id}
              </Code>
            </Flex>
          </Flex>
          <DataList.Root size="2" orientation="horizontal">
            <DataList.Item>
              <DataList.Label minWidth="88px">Program</DataList.Label>
              <DataList.Value data-testid="board-programs">
                <ProgramBadges programs={programs} />
              </DataList.Value>
            </DataList.Item>
            {code ? (
              <DataList.Item>
                <DataList.Label minWidth="88px">Code</DataList.Label>
                <DataList.Value data-testid="board-code">
                  <Code variant="soft" size="2" weight="bold">
                    {code}
                  </Code>
                </DataList.Value>
              </DataList.Item>
            ) : null}
            <DataList.Item>
              <DataList.Label minWidth="88px">Time in</DataList.Label>
              <DataList.Value>{clockTime(row.check_in_time)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="88px">State</DataList.Label>
              <DataList.Value data-testid="board-state">
                {row.check_out_time ? `Checked out at ${clockTime(row.check_out_time)}${out ? `, ${out}` : ""}` : "Checked in"}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
          {(canCheckOut && !row.check_out_time) || code ? (
            <RowActions row={row} showCodes={showCodes} canCheckOut={canCheckOut} pending={pending} onCheckOut={onCheckOut} size="3" />
          ) : null}
        </Flex>
      </Card>
    </li>
  );
});


/** The board on a phone (issue 15): a list of cards instead of a table too wide for the screen. */
export function BoardCards(props: BoardListProps) {
  return (
    <ul className="rc-ci-cards" aria-label="Today's check-ins" data-testid="board-cards">
      {props.rows.map((row) => (
        <BoardCard key={row.id} {...rowPropsOf(row, props)} />
      ))}
    </ul>
  );
}
