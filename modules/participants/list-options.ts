/**
 * The participant list's table constants (spec-1 section 9) and its URL state. Pure: the list page's
 * components (through client.ts), its loader and the report call all read it.
 */
export const PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Exports page through the report with this size (spec-1 section 9, spec-2 section 7 "Exports"). */
export const EXPORT_PAGE_SIZE = 1000;

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
  /** why Inactive or Alumni (decision 065); absent for a role that may not see it */
  status_reason?: string | null;
  is_waiver_signed: boolean;
  /** absent for a role that may not see it (the kiosk: decision 027) */
  age?: number | null;
  photo_url: string | null;
  /** their own account's invitation (decision 068): Pending, Invited, Expired, Accepted, or null; absent for those who do not invite */
  invitation_status?: string | null;
};

/** The list's status filter: '' for every status (decision 065). */
export type ParticipantListStatus = "" | "Active" | "Inactive" | "Alumni";
export const LIST_STATUS_FILTERS: readonly { value: ParticipantListStatus; label: string }[] = [
  { value: "", label: "All" },
  { value: "Active", label: "Active" },
  { value: "Inactive", label: "Inactive" },
  { value: "Alumni", label: "Alumni" },
];

export type ParticipantListState = { page: number; size: number; search: string; sort: SortValue; status: ParticipantListStatus };

/** One page of the list as the /participants and /students loaders read it. */
export type ParticipantList = {
  state: ParticipantListState;
  rows: ParticipantListItem[];
  count: number;
  totalPages: number;
};

/** The page's URL state, forgiving: a value that does not parse is its default (a page link never fails). */
export function listStateOf(searchParams: URLSearchParams): ParticipantListState {
  const page = Number(searchParams.get("page"));
  const size = Number(searchParams.get("size"));
  const sort = searchParams.get("sort");
  return {
    page: Number.isInteger(page) && page > 0 ? page : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: (searchParams.get("search") ?? "").trim().slice(0, 100),
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? (sort as SortValue) : DEFAULT_SORT,
    status: LIST_STATUS_FILTERS.find((f) => f.value === searchParams.get("status"))?.value ?? "",
  };
}
