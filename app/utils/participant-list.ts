import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, type ParticipantList, type ParticipantListState } from "#modules/participants/client";

/** The participant list page's glue: its debounce, 'Go to page' and the URL of a list state. Pure. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** What the /participants and /students loaders give the page: the list and the page's title. */
export type ParticipantListData = ParticipantList & { title: string };

/** '2' -> 1: a 1-based page typed into 'Go to page' as a 0-based page, or null when outside 1..total. */
export function pageFromInput(input: string, totalPages: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= totalPages ? page - 1 : null;
}

/** The query string of a list state, leaving out the defaults. */
export function listSearchParams(state: ParticipantListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 0) params.set("page", String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set("size", String(state.size));
  if (state.search) params.set("search", state.search);
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.status) params.set("status", state.status);
  return params;
}
