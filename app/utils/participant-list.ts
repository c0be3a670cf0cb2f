/**
 * The list-table constants of spec-1 section 9, and the participant list's query words. Pure: the
 * page component and the server both import it.
 */
export const PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Exports page through the report with this size (spec-1 section 9, spec-2 section 7 "Exports"). */
export const EXPORT_PAGE_SIZE = 1000;
export const SEARCH_DEBOUNCE_MS = 1000;

export const PARTICIPANT_STATUS_FILTERS = ["Active", "Alumni", "Inactive"] as const;

export const SORT_OPTIONS = [
  { value: "created_date,desc", label: "Newest first" },
  { value: "created_date,asc", label: "Oldest first" },
  { value: "full_name,asc", label: "Name A-Z" },
  { value: "full_name,desc", label: "Name Z-A" },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortValue = "created_date,desc";

/** A row of the participant list as the page shows it. */
export type ParticipantListItem = {
  id: string;
  member_id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  status: string;
  is_waiver_signed: boolean;
  /** absent for a role that may not see it (the kiosk: decision 027) */
  age?: number | null;
  photo_url: string | null;
};

export type ParticipantListState = { page: number; size: number; search: string; sort: SortValue };

/** What the /participants and /students loaders give the page. */
export type ParticipantListData = {
  title: string;
  state: ParticipantListState;
  rows: ParticipantListItem[];
  count: number;
  totalPages: number;
};

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
  return params;
}
