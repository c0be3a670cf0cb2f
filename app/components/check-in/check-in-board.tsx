import { Badge, Button, Callout, Card, Flex, Heading, Skeleton, Text, TextField } from "@radix-ui/themes";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CheckInIcon, CheckOutIcon } from "~/components/icons";
import { useToast } from "~/components/toast/toaster";
import { fetchParticipant, type BoardRow, type CheckInType } from "./api";
import { NotScreenedCard } from "~/components/screening/not-screened-card";
import { BoardCards } from "./board-cards";
import { codeOf, programsByMember, usePhoneLayout } from "./board-parts";
import { BoardTable } from "./board-table";
import { SearchIcon } from "./icons";
import { useOverlay } from "./overlays";
import { rowMatches, SEARCH_DEBOUNCE_MS } from "./rules";
import { useCheckOut } from "./use-check-out";
import { useLiveBoard, type LiveState } from "./use-live-board";

const LIVE_LOOK: Record<LiveState, { color: "green" | "gray" | "amber" | "red"; text: string }> = {
  connecting: { color: "gray", text: "Connecting…" },
  live: { color: "green", text: "Live" },
  offline: { color: "amber", text: "Reconnecting…" },
  refused: { color: "red", text: "Not live" },
};

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card size="2" className="rc-ci-count">
      <Text as="p" size="2" color="gray">
        {label}
      </Text>
      <Text as="p" size="7" weight="bold" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The staff board of /check-in: today's visits, live, with the day's headcounts (checked in now,
 * checked out, total); the search (1000 ms) filters the rows shown, never the counts (issue 15). A
 * table from tablet width up, a card list on a phone.
 */
export function CheckInBoard({ onStart, actions }: { onStart: (type: CheckInType) => void; actions?: ReactNode }) {
  const { viewer } = useOverlay();
  const overlay = useOverlay();
  const showToast = useToast();
  const checkOut = useCheckOut();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [pending, setPending] = useState<string | null>(null);
  const board = useLiveBoard(viewer.organizationId, viewer.isKiosk);
  const phone = usePhoneLayout();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // the rows' handlers stay the same functions across renders, so a live row re-renders only itself
  const latest = useRef({ overlay, checkOut, showToast });
  latest.current = { overlay, checkOut, showToast };
  const withParticipant = useCallback(async (row: BoardRow, then: (detail: Awaited<ReturnType<typeof fetchParticipant>>) => void | Promise<void>) => {
    setPending(row.id);
    try {
      await then(await fetchParticipant(row.participant_id));
    } catch (error) {
      latest.current.showToast({ type: "error", description: error instanceof Error ? error.message : undefined });
    } finally {
      setPending(null);
    }
  }, []);
  const onOpen = useCallback(
    (row: BoardRow) => void withParticipant(row, (detail) => latest.current.overlay.show({ kind: "participant", detail, purpose: "view" })),
    [withParticipant],
  );
  const onCheckOut = useCallback((row: BoardRow) => void withParticipant(row, (detail) => latest.current.checkOut(detail, { visitId: row.id })), [withParticipant]);

  // the headcounts are the whole day's; the search only narrows the rows shown
  const inNow = board.rows.filter((r) => !r.check_out_time).length;
  const outToday = board.rows.length - inNow;
  const shown = useMemo(() => (search ? board.rows.filter((r) => rowMatches(r, board.day, search)) : board.rows), [board.rows, board.day, search]);
  const byMember = useMemo(() => programsByMember(board.programs), [board.programs]);
  const programsOf = useCallback((id: string) => byMember.get(id), [byMember]);
  const flagOf = useCallback((id: string) => board.flags.get(id), [board.flags]);
  // staff rows carry the code (the kiosk's never do, decision 027); no column when no visit has one (codes off)
  const showCodes = board.rows.some((row) => codeOf(row));
  const List = phone ? BoardCards : BoardTable;
  const live = LIVE_LOOK[board.live];
  return (
    <Flex direction="column" gap="4">
      <Flex align="end" justify="between" gap="4" wrap="wrap">
        <Flex direction="column" gap="1">
          <Flex align="center" gap="3">
            <Heading as="h1" size="7">
              Check-in
            </Heading>
            <Badge color={live.color} variant="soft" data-testid="live-state">
              {live.text}
            </Badge>
          </Flex>
          <Text size="2" color="gray">
            {new Date(board.day.start).toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: board.timeZone })}
          </Text>
        </Flex>
        {viewer.canCheckInOut || actions ? (
          <Flex gap="3" wrap="wrap">
            {actions}
            {viewer.canCheckInOut ? (
              <>
                <Button onClick={() => onStart("in")}>
                  <CheckInIcon /> Check In Users
                </Button>
                <Button variant="soft" onClick={() => onStart("out")}>
                  <CheckOutIcon /> Check Out Users
                </Button>
              </>
            ) : null}
          </Flex>
        ) : null}
      </Flex>

      <Flex gap="3" wrap="wrap" align="end" justify="between">
        <Flex gap="3" wrap="wrap">
          <Count label="Checked in now" value={inNow} testId="count-checked-in" />
          <Count label="Checked out today" value={outToday} testId="count-checked-out" />
          <Count label="Total today" value={board.rows.length} testId="count-total" />
          {viewer.screeningRequired && !viewer.isKiosk ? <NotScreenedCard organizationId={viewer.organizationId} /> : null}
        </Flex>
        <TextField.Root type="search" placeholder="Search by name or Member ID" aria-label="Search by name or Member ID" value={text} onChange={(e) => setText(e.target.value)} className="rc-ci-search">
          <TextField.Slot>
            <SearchIcon />
          </TextField.Slot>
        </TextField.Root>
      </Flex>

      {board.error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{board.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Skeleton loading={board.loading && board.rows.length === 0}>
        {shown.length === 0 ? (
          <Text as="p" color="gray" my="6" data-testid="board-empty">
            {search ? `No check-ins today match '${search}'.` : "No one has checked in today yet."}
          </Text>
        ) : (
          <List
            rows={shown}
            programsOf={programsOf}
            flagOf={flagOf}
            showCodes={showCodes}
            canCheckOut={viewer.canCheckInOut}
            pending={pending}
            onOpen={onOpen}
            onCheckOut={onCheckOut}
          />
        )}
      </Skeleton>
    </Flex>
  );
}
