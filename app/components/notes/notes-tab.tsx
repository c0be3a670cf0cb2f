import { Button, Dialog, Flex, RadioGroup, Text, TextField } from "@radix-ui/themes";
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Paginator } from "~/components/paginator";
import { useToast } from "~/components/toast/toaster";
import { createNote, postFlag, fetchNoteFilters, fetchNotes, isNoteAdmin, NOTE_FILTER_IDS, NOTE_PAGE_SIZES, NOTE_SEARCH_DEBOUNCE_MS, type NoteFilter, type NoteFilterOption, type NoteList, type NotesViewer } from "./api";
import { NoteCard } from "./note-card";
import { FlagDialog, NoteFormDialog, type NoteFormValue, type UserGroupOption } from "./note-dialogs";
import { useLiveNotes, type LiveNotesViewer } from "./use-live-notes";

type Props = { participantId: string; viewer: NotesViewer & Partial<LiveNotesViewer>; groups: UserGroupOption[] };
type Direction = "asc" | "desc";

const SORTS: { value: Direction; label: string }[] = [
  { value: "desc", label: "Newest to Oldest" },
  { value: "asc", label: "Oldest to Newest" },
];

/**
 * The Notes tab (spec-2 section 2): Create Note, 'N Notes Found', 'Search Notes' (debounced 1000 ms),
 * the Filter dialog ('View Notes', 'Sort By', Close and Apply Filter), the note cards and the paginator.
 */
export function NotesTab({ participantId, viewer, groups }: Props) {
  const showToast = useToast();
  const [filter, setFilter] = useState<NoteFilter>("All Notes");
  const [direction, setDirection] = useState<Direction>("desc");
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(10);
  const [list, setList] = useState<NoteList | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const [busy, setBusy] = useState(false);

  // two live changes close together start two loads: only the latest one's answer is shown (an earlier,
  // slower answer arriving last would put back the list without the newest note)
  const latest = useRef(0);
  const load = useCallback(async () => {
    const mine = ++latest.current;
    try {
      const answer = await fetchNotes({ participantId, filter, direction, search, page, size });
      if (mine === latest.current) setList(answer);
    } catch (error) {
      if (mine === latest.current) showToast({ type: "error", title: error instanceof Error ? error.message : undefined });
    }
  }, [participantId, filter, direction, search, page, size, showToast]);

  useEffect(() => {
    void load();
  }, [load]);
  // a change that may raise or resolve a flag also reloads the page's data: the header shows the flags
  const { revalidate } = useRevalidator();
  const changed = useCallback(() => {
    void load();
    revalidate();
  }, [load, revalidate]);

  // another person's change to these notes (or a flag raised or resolved) reloads the list
  useLiveNotes(
    viewer.organizationId ? { organizationId: viewer.organizationId, userId: viewer.userId, groupId: viewer.groupId ?? null, level: viewer.level } : null,
    participantId,
    changed,
  );

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(0);
    }, NOTE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const create = async (value: NoteFormValue) => {
    setBusy(true);
    try {
      const answer = await createNote({
        user_id: participantId,
        message: value.message,
        type: value.type,
        role_ids: isNoteAdmin(viewer.level) ? value.roleIds : undefined,
        ...(value.attachment ? { attachment: value.attachment } : {}),
      });
      showToast({ type: "success", title: answer.message });
      setCreating(false);
      await load();
    } catch (error) {
      showToast({ type: "error", title: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  const flag = async (value: { type: "stop" | "warn"; message: string }) => {
    setBusy(true);
    try {
      const answer = await postFlag({ user_id: participantId, message: value.message, type: value.type, action: "Flag" });
      showToast({ type: "success", title: answer.message });
      setFlagging(false);
      // the flag reaches the notes read model a moment later; the live update reloads too
      await load();
      setTimeout(changed, 500);
    } catch (error) {
      showToast({ type: "error", title: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  const count = list?.count ?? 0;
  const totalPages = Math.ceil(count / size);
  return (
    <Flex direction="column" gap="3" data-testid="notes-tab">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="3" weight="medium" data-testid="notes-count" data-loaded={list ? "true" : "false"}>
          {count} Notes Found
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <TextField.Root type="search" placeholder="Search Notes" aria-label="Search Notes" value={text} onChange={(e) => setText(e.target.value)} style={{ minWidth: 220 }} />
          <Button variant="soft" onClick={() => setFilterOpen(true)}>
            Filter
          </Button>
          {/* high contrast: red-11 on the soft red fill is 4.4:1, short of WCAG AA's 4.5:1 */}
          <Button variant="soft" color="red" highContrast onClick={() => setFlagging(true)}>
            Flag This Member
          </Button>
          <Button onClick={() => setCreating(true)}>Create Note</Button>
        </Flex>
      </Flex>
      {filter !== "All Notes" ? (
        <Text size="1" color="gray">
          Showing {filter}
        </Text>
      ) : null}
      {list && list.data.length === 0 ? (
        <Text as="p" color="gray" my="4">
          No notes for this participant.
        </Text>
      ) : null}
      {(list?.data ?? []).map((note) => (
        <NoteCard key={`${note.id}-${note.updated_date}-${note.status}-${note.resolved}`} note={note} viewer={viewer} groups={groups} onChanged={changed} />
      ))}
      {count > 0 ? (
        <Paginator
          page={page}
          totalPages={totalPages}
          size={size}
          sizes={NOTE_PAGE_SIZES}
          onPage={setPage}
          onSize={(s) => {
            setSize(s);
            setPage(0);
          }}
        />
      ) : null}
      {filterOpen ? (
        <FilterDialog
          participantId={participantId}
          filter={filter}
          direction={direction}
          onClose={() => setFilterOpen(false)}
          onApply={(f, d) => {
            setFilter(f);
            setDirection(d);
            setPage(0);
            setFilterOpen(false);
          }}
        />
      ) : null}
      {flagging ? <FlagDialog busy={busy} onClose={() => setFlagging(false)} onSubmit={flag} /> : null}
      {creating ? <NoteFormDialog title="Note" editing={false} withType withAttachment groups={isNoteAdmin(viewer.level) ? groups : undefined} busy={busy} onClose={() => setCreating(false)} onSubmit={create} /> : null}
    </Flex>
  );
}

type FilterProps = { participantId: string; filter: NoteFilter; direction: Direction; onClose: () => void; onApply: (filter: NoteFilter, direction: Direction) => void };

/** 'View Notes' (from GET /api/note/filter/{userId}, with counts) and 'Sort By'; Close and Apply Filter. */
function FilterDialog({ participantId, filter, direction, onClose, onApply }: FilterProps) {
  const [options, setOptions] = useState<NoteFilterOption[]>(NOTE_FILTER_IDS.map((id) => ({ id, name: id, count: -1 })));
  const [chosen, setChosen] = useState<NoteFilter>(filter);
  const [sort, setSort] = useState<Direction>(direction);
  useEffect(() => {
    fetchNoteFilters(participantId)
      .then((answer) => setOptions(answer.data))
      .catch(() => undefined);
  }, [participantId]);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="610px" aria-describedby={undefined} data-testid="notes-filter-dialog">
        <Dialog.Title>Filter</Dialog.Title>
        <Flex gap="6" wrap="wrap">
          <Flex direction="column" gap="2">
            <Text size="2" weight="bold" id="view-notes-label">
              View Notes
            </Text>
            <RadioGroup.Root value={chosen} onValueChange={(v) => setChosen(v as NoteFilter)} aria-labelledby="view-notes-label">
              {options.map((o) => (
                <RadioGroup.Item key={o.id} value={o.id}>
                  {o.name}
                  {o.count >= 0 ? ` (${o.count})` : ""}
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          </Flex>
          <Flex direction="column" gap="2">
            <Text size="2" weight="bold" id="sort-by-label">
              Sort By
            </Text>
            <RadioGroup.Root value={sort} onValueChange={(v) => setSort(v as Direction)} aria-labelledby="sort-by-label">
              {SORTS.map((s) => (
                <RadioGroup.Item key={s.value} value={s.value}>
                  {s.label}
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          </Flex>
        </Flex>
        <Flex justify="end" gap="3" mt="5">
          <Button variant="soft" color="gray" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => onApply(chosen, sort)}>Apply Filter</Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
