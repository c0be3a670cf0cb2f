import { Avatar, Code, Flex, Link, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { memo } from "react";
import { BoardFlagBadge, codeOf, pickedUpBy, ProgramBadges, RowActions, stoppedIn, rowPropsOf, type BoardListProps, type BoardRowProps } from "./board-parts";
import { clockTime, initials } from "./rules";

/**
 * One visit as a table row. Memoised: a live row that arrives renders itself, not the whole board
 * (issue 15's click-to-row time grew with the rows on the board).
 */
const BoardTableRow = memo(function BoardTableRow({ row, programs, flag, showCodes, canCheckOut, pending, onOpen, onCheckOut }: BoardRowProps) {
  const out = pickedUpBy(row);
  return (
    <Table.Row align="center" data-testid="board-row" data-member-id={row.member_id} data-stop={stoppedIn(row, flag)}>
      <Table.Cell className="rc-ci-photo">
        <Avatar size="2" radius="full" src={row.photo_url ?? undefined} fallback={initials(row)} alt="" color={row.check_out_time ? "gray" : undefined} />
      </Table.Cell>
      <Table.RowHeaderCell className="rc-ci-name">
        <Link asChild weight="medium" underline="hover">
          <button type="button" className="rc-ci-link" onClick={() => onOpen(row)}>
            {row.full_name}
          </button>
        </Link>
        <BoardFlagBadge flag={flag} />
        <Code variant="ghost" size="1" color="gray" className="rc-ci-narrow-only">
          {row.member_id}
        </Code>
      </Table.RowHeaderCell>
      <Table.Cell className="rc-ci-nowrap rc-ci-wide-only">
        <Code variant="ghost" size="2">
          {row.member_id}
        </Code>
      </Table.Cell>
      {showCodes ? (
        <Table.Cell data-testid="board-code" className="rc-ci-nowrap">
          {codeOf(row) ? (
            <Code variant="soft" size="2" weight="bold">
              {codeOf(row)}
            </Code>
          ) : (
            <Text color="gray">None</Text>
          )}
        </Table.Cell>
      ) : null}
      <Table.Cell className="rc-ci-nowrap">{clockTime(row.check_in_time)}</Table.Cell>
      <Table.Cell>
        {row.check_out_time ? (
          <Flex direction="column">
            <span className="rc-ci-nowrap">{clockTime(row.check_out_time)}</span>
            {out ? (
              <Text size="1" color="gray">
                {out}
              </Text>
            ) : null}
          </Flex>
        ) : null}
      </Table.Cell>
      <Table.Cell data-testid="board-programs" className="rc-ci-programs">
        <ProgramBadges programs={programs} />
      </Table.Cell>
      {canCheckOut || showCodes ? (
        <Table.Cell justify="end" className="rc-ci-nowrap">
          <RowActions row={row} showCodes={showCodes} canCheckOut={canCheckOut} pending={pending} onCheckOut={onCheckOut} />
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
});


/**
 * Today's visits: photo, name, Member ID, code, check-in time, check-out time with who picked up,
 * programs, and Tags / Check Out. The columns wrap their text (names, programs, picked up by) so the
 * actions column is never pushed out of the table (issue 15: at 1280 px with badges, and on tablets);
 * below 1280 px the Member ID moves under the name and the headers wrap.
 */
export function BoardTable(props: BoardListProps) {
  return (
    <Table.Root variant="surface" size="1" aria-label="Today's check-ins" className="rc-ci-board" data-testid="board-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell className="rc-ci-photo">
            <VisuallyHidden>Photo</VisuallyHidden>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell className="rc-ci-nowrap rc-ci-wide-only">Member ID</Table.ColumnHeaderCell>
          {props.showCodes ? <Table.ColumnHeaderCell>Code</Table.ColumnHeaderCell> : null}
          <Table.ColumnHeaderCell>Check-In Time</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Check-Out Time</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Programs</Table.ColumnHeaderCell>
          {props.canCheckOut || props.showCodes ? (
            <Table.ColumnHeaderCell justify="end">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeaderCell>
          ) : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.rows.map((row) => (
          <BoardTableRow key={row.id} {...rowPropsOf(row, props)} />
        ))}
      </Table.Body>
    </Table.Root>
  );
}
