import { Avatar, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";
import { apiGet, type CheckInType } from "./api";
import { SearchIcon } from "./icons";
import { initials, SEARCH_DEBOUNCE_MS, USER_SEARCH_PAGE_SIZE } from "./rules";

export type FoundUser = { id: string; member_id: string; first_name: string; last_name: string; full_name: string; photo_url: string | null };

/**
 * 'Add Users': look up users by name or Member ID through /api/participant_report (10 at a time,
 * debounced 1000 ms, and only when the text is not empty). Picking one hands it to `onPick`.
 */
export function UserSearch({ type, exclude, onPick }: { type: CheckInType; exclude: readonly string[]; onPick: (user: FoundUser) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<FoundUser[] | null>(null);
  const [busy, setBusy] = useState(false);

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
  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={id} size="2" weight="bold">
        Add Users
      </Text>
      <TextField.Root id={id} type="search" size="3" placeholder="Look up users by name or Member ID" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" autoFocus>
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
        {busy ? (
          <TextField.Slot>
            <Spinner />
          </TextField.Slot>
        ) : null}
      </TextField.Root>
      {shown ? (
        <ul className="rc-ci-results" aria-label="Search results">
          {shown.length === 0 ? (
            <li>
              <Text size="2" color="gray">
                No users match '{text.trim()}'.
              </Text>
            </li>
          ) : (
            shown.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  className="rc-ci-result"
                  onClick={() => {
                    setText("");
                    onPick(u);
                  }}
                >
                  <Avatar size="1" radius="full" src={u.photo_url ?? undefined} fallback={initials(u)} alt="" />
                  <Text size="2" weight="medium">
                    {u.full_name}
                  </Text>
                  <Text size="1" color="gray">
                    {u.member_id}
                  </Text>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </Flex>
  );
}
