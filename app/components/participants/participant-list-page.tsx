import { Container, Flex, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Paginator } from "~/components/paginator";
import { LIST_STATUS_FILTERS, PAGE_SIZES, SORT_OPTIONS, type ParticipantListState, type ParticipantListStatus, type SortValue } from "#modules/participants/client";
import { listSearchParams, SEARCH_DEBOUNCE_MS, type ParticipantListData } from "~/utils/participant-list";
import { ParticipantTable } from "./participant-table";

/**
 * /participants and /students (spec-1 section 2): the list with search (debounced 1000 ms, run only when
 * there is text or the text was cleared), sort, and the paginator. The state lives in the URL query.
 */
export function ParticipantListPage({
  title,
  state,
  rows,
  count,
  totalPages,
  actions,
  panel,
  editHref,
}: ParticipantListData & {
  actions?: ReactNode;
  /** the create or edit form beside the list (decision 065) */
  panel?: ReactNode;
  editHref?: ((id: string) => string) | null;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [text, setText] = useState(state.search);
  const current = useRef(state);
  current.current = state;

  const go = useCallback(
    (change: Partial<ParticipantListState>) => {
      const params = listSearchParams({ ...current.current, ...change });
      const query = params.toString();
      navigate(query ? `?${query}` : "?", { preventScrollReset: true });
    },
    [navigate],
  );

  // the URL changed under the box (back, forward, a link): show its search
  useEffect(() => {
    setText((typed) => (typed.trim() === state.search ? typed : state.search));
  }, [state.search]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === current.current.search) return;
    const timer = setTimeout(() => go({ search: wanted, page: 0 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, go]);

  const noun = title.toLowerCase();
  return (
    <Container size="4" px="5" py="6">
      <Flex align="end" justify="between" gap="4" wrap="wrap" mb="4">
        <div>
          <Heading as="h1" size="7">
            {title}
          </Heading>
          <Text as="p" color="gray" size="2" mt="1" data-testid="participant-count">
            {count === 1 ? `1 ${noun.replace(/s$/, "")}` : `${count} ${noun}`}
          </Text>
        </div>
        <Flex gap="3" align="center" wrap="wrap">
          {actions}
          <TextField.Root
            type="search"
            placeholder="Search by name or Member ID"
            // its name is its visible text, the placeholder (label in name); the page's heading names the list
            aria-label="Search by name or Member ID"
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ minWidth: 260 }}
          />
          <Flex align="center" gap="2">
            <Text as="label" size="2" htmlFor="participant-status">
              Status
            </Text>
            <select
              id="participant-status"
              className="rc-user-select"
              value={state.status}
              onChange={(e) => go({ status: e.target.value as ParticipantListStatus, page: 0 })}
            >
              {LIST_STATUS_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </Flex>
          <Flex align="center" gap="2">
            <Text size="2" id="participant-sort-label">
              Sort by
            </Text>
            <Select.Root value={state.sort} onValueChange={(sort) => go({ sort: sort as SortValue, page: 0 })}>
              <Select.Trigger aria-labelledby="participant-sort-label" />
              <Select.Content>
                {SORT_OPTIONS.map((o) => (
                  <Select.Item key={o.value} value={o.value}>
                    {o.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        </Flex>
      </Flex>
      <div className="rc-staff-layout" data-open={panel ? "" : undefined}>
        <div className="rc-staff-list">
          <div style={{ opacity: navigation.state === "loading" ? 0.6 : 1, transition: "opacity 120ms" }} aria-busy={navigation.state === "loading"}>
            <ParticipantTable
              rows={rows}
              editHref={editHref}
              emptyText={state.search ? `No ${noun} match '${state.search}'.` : state.status ? `No ${state.status} ${noun}.` : `No ${noun} yet.`}
            />
          </div>
          <Paginator
            page={state.page}
            totalPages={totalPages}
            size={state.size}
            sizes={PAGE_SIZES}
            onPage={(page) => go({ page })}
            onSize={(size) => go({ size, page: 0 })}
          />
        </div>
        {panel ? <div className="rc-staff-panel">{panel}</div> : null}
      </div>
    </Container>
  );
}
