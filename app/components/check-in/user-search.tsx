import { Avatar, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { listboxKey } from "~/components/a11y/listbox-keys";
import { apiGet, type CheckInType } from "./api";
import { SearchIcon } from "./icons";
import { initials, SEARCH_DEBOUNCE_MS, USER_SEARCH_PAGE_SIZE } from "./rules";

export type FoundUser = { id: string; member_id: string; first_name: string; last_name: string; full_name: string; photo_url: string | null };

/**
 * 'Add Users': look up users by name or Member ID through /api/participant_report (10 at a time,
 * debounced 1000 ms, and only when the text is not empty). Picking one hands it to `onPick`.
 * An editable combobox (WAI-ARIA APG, decision 042): the focus stays in the input, ArrowDown / ArrowUp
 * move through the results (aria-activedescendant), Enter picks, Escape closes the list, then clears.
 */
export function UserSearch({
  type,
  exclude,
  onPick,
  label = "Add Users",
  autoFocus = true,
}: {
  type: CheckInType;
  exclude: readonly string[];
  onPick: (user: FoundUser) => void;
  /** the field's visible label (the check-in dialog's 'Add Users' unless told) */
  label?: string;
  /** the check-in dialog focuses it on opening; a page's panel does not */
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<FoundUser[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    const search = text.trim();
    if (!search) {
      setFound(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setBusy(true);
      apiGet<{ data: FoundUser[] }>("/api/participant_report", {
        search,
        size: String(USER_SEARCH_PAGE_SIZE),
        page: "0",
        sort: "full_name,asc",
        statuses: type === "in" ? "Active" : undefined,
      })
        .then((answer) => current && setFound(answer.data))
        .catch(() => current && setFound([]))
        .finally(() => current && setBusy(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, type]);

  const shown = found?.filter((u) => !exclude.includes(u.id)) ?? null;
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-result-${index}`;
  const open = !closed && shown !== null && shown.length > 0;

  // a new answer starts with no active option; the active one stays in view
  useEffect(() => setActive(-1), [found]);
  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const pickUser = (user: FoundUser) => {
    setText("");
    setActive(-1);
    onPick(user);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const result = listboxKey(event.key, { open, active, count: shown?.length ?? 0 });
    if (result.kind === "none") return;
    event.preventDefault();
    if (result.kind === "move") {
      setClosed(false);
      setActive(result.active);
    } else if (result.kind === "pick") {
      const user = shown?.[result.index];
      if (user) pickUser(user);
    } else if (result.kind === "close") {
      setClosed(true);
      setActive(-1);
    } else {
      setText("");
    }
  };
  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={id} size="2" weight="bold">
        {label}
      </Text>
      <TextField.Root
        id={id}
        type="search"
        size="3"
        placeholder="Look up users by name or Member ID"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setClosed(false);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
        {busy ? (
          <TextField.Slot>
            <Spinner />
          </TextField.Slot>
        ) : null}
      </TextField.Root>
      {shown && shown.length === 0 ? (
        <Text size="2" color="gray" role="status">
          No users match '{text.trim()}'.
        </Text>
      ) : null}
      {open ? (
        <ul className="rc-ci-results" id={listId} role="listbox" aria-label="Search results">
          {shown.map((u, index) => (
            <li
              key={u.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="rc-ci-result"
              // the focus stays in the input (aria-activedescendant): a click must not take it
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pickUser(u)}
            >
              <Avatar size="1" radius="full" src={u.photo_url ?? undefined} fallback={initials(u)} alt="" />
              <Text size="2" weight="medium">
                {u.full_name}
              </Text>
              <Text size="1" color="gray">
                {u.member_id}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
