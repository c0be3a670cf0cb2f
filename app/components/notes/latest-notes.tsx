import { Flex, Link, Text } from "@radix-ui/themes";
import { useState } from "react";
import { fetchNotes, type NoteRow } from "./api";
import { NoteCard } from "./note-card";

const PAGE = 10;
/** Compact cards: no actions, and no visibility line (that is the Notes tab's). */
const READ_ONLY = { userId: "", level: 0 };

/**
 * The notes section of the check-in participant dialog (spec-1 section 2): the latest notes, 'Load More...'
 * while there are more (10 at a time, newest first), or 'No notes for this participant.'.
 */
export function LatestNotes({ participantId, notes }: { participantId: string; notes: { count: number; data: unknown[] } }) {
  const [items, setItems] = useState<NoteRow[]>(notes.data as NoteRow[]);
  const [count, setCount] = useState(notes.count);
  const [loaded, setLoaded] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadMore = async () => {
    setBusy(true);
    try {
      const answer = await fetchNotes({ participantId, filter: "All Notes", direction: "desc", search: "", page: loaded, size: PAGE });
      setItems((current) => {
        const seen = new Set(current.map((n) => n.id));
        return loaded === 0 ? answer.data : [...current, ...answer.data.filter((n) => !seen.has(n.id))];
      });
      setCount(answer.count);
      setLoaded((n) => n + 1);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Please try again or contact support for help");
    } finally {
      setBusy(false);
    }
  };

  if (count === 0) {
    return (
      <Text size="2" color="gray">
        No notes for this participant.
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="2" data-testid="latest-notes">
      {items.map((note) => (
        <NoteCard key={note.id} note={note} viewer={READ_ONLY} compact />
      ))}
      {items.length < count ? (
        <Link size="2" href="#" aria-disabled={busy} onClick={(e) => (e.preventDefault(), busy ? undefined : void loadMore())}>
          Load More...
        </Link>
      ) : null}
      {error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
