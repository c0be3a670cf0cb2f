import { Button, Flex, TabNav, Text, TextField } from "@radix-ui/themes";
import { Link as RemixLink, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { STAFF_PAGE_SIZES } from "#modules/programs/client";
import { Paginator } from "~/components/paginator";
import { SEARCH_DEBOUNCE_MS } from "~/utils/participant-list";

/** The page's URL with some of its query changed (null removes a key); the rest (the open panel) stays. */
export function useQueryHref() {
  const { search } = useLocation();
  return (change: Record<string, string | number | null>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
}

type Filter = { value: string; label: string };

/**
 * The list's search (by name, debounced 1000 ms as spec-1 section 9 says), its filter as tabs (Active /
 * Archived, Upcoming / Past) and how many there are. The state lives in the URL.
 */
export function StaffListControls({
  search,
  filterKey,
  filter,
  filters,
  count,
  countCapped = false,
  noun,
  searchLabel,
}: {
  search: string;
  filterKey: string;
  filter: string;
  filters: Filter[];
  count: number;
  /** the count stopped at its cap (decision 071): "More than 1000 users", and a nudge to narrow the search */
  countCapped?: boolean;
  noun: [string, string];
  searchLabel: string;
}) {
  const href = useQueryHref();
  const navigate = useNavigate();
  const [text, setText] = useState(search);
  const current = useRef(search);
  current.current = search;
  const hrefRef = useRef(href);
  hrefRef.current = href;

  useEffect(() => {
    setText((typed) => (typed.trim() === search ? typed : search));
  }, [search]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === current.current) return;
    const timer = setTimeout(
      () =>
        navigate(hrefRef.current({ search: wanted, page: null }), {
          preventScrollReset: true,
          replace: true,
        }),
      SEARCH_DEBOUNCE_MS
    );
    return () => clearTimeout(timer);
  }, [text, navigate]);

  return (
    <Flex direction="column" gap="3" mb="4">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <TabNav.Root aria-label={`${noun[1][0]!.toUpperCase()}${noun[1].slice(1)} shown`}>
          {filters.map((f) => (
            <TabNav.Link asChild active={filter === f.value} key={f.value}>
              <RemixLink to={href({ [filterKey]: f.value, page: null })} preventScrollReset>
                {f.label}
              </RemixLink>
            </TabNav.Link>
          ))}
        </TabNav.Root>
        <TextField.Root type="search" placeholder={searchLabel} aria-label={searchLabel} value={text} onChange={(e) => setText(e.target.value)} className="rc-staff-search" />
      </Flex>
      <Text as="p" size="2" color="gray" data-testid="list-count" aria-live="polite">
        {countCapped ? `More than ${count} ${noun[1]}` : count === 1 ? `1 ${noun[0]}` : `${count} ${noun[1]}`}
        {search ? ` matching '${search}'` : ""}
        {countCapped ? ": type more of the name or e-mail to narrow the list" : ""}
      </Text>
    </Flex>
  );
}

/** The paginator (hidden on phones, spec-1 section 2) and, on phones, Previous / Next page links instead. */
export function StaffListPager({ page, size, totalPages }: { page: number; size: number; totalPages: number }) {
  const href = useQueryHref();
  const navigate = useNavigate();
  if (totalPages <= 1 && size === 10) return null;
  return (
    <>
      <Paginator
        page={page}
        totalPages={totalPages}
        size={size}
        sizes={STAFF_PAGE_SIZES}
        onPage={(p) => navigate(href({ page: p || null }), { preventScrollReset: true })}
        onSize={(s) =>
          navigate(href({ size: s === 10 ? null : s, page: null }), {
            preventScrollReset: true,
          })
        }
      />
      {totalPages > 1 ? (
        <Flex asChild display={{ initial: "flex", xs: "none" }} justify="between" align="center" mt="4">
          <nav aria-label="Pages">
            <Button variant="soft" disabled={page <= 0} asChild={page > 0}>
              {page > 0 ? <RemixLink to={href({ page: page - 1 || null })}>Previous page</RemixLink> : "Previous page"}
            </Button>
            <Text size="2">
              Page {page + 1} of {totalPages}
            </Text>
            <Button variant="soft" disabled={page >= totalPages - 1} asChild={page < totalPages - 1}>
              {page < totalPages - 1 ? <RemixLink to={href({ page: page + 1 })}>Next page</RemixLink> : "Next page"}
            </Button>
          </nav>
        </Flex>
      ) : null}
    </>
  );
}
