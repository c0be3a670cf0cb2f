import { ageOn } from "#modules/participants";
import { applyFieldPolicy, type PageRoute } from "#modules/identity";
import { participantReport } from "#projections/participants";
import type { Auth } from "./auth.server";
import { fieldRoleOfAuth } from "#modules/identity";
import type { AppServices } from "./load-context";
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZES, SORT_OPTIONS, type ParticipantListData, type ParticipantListState, type SortValue } from "./participant-list";

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
  };
}

/**
 * /participants and /students: one page of the organization's participants from the read model, as the
 * URL asks (page, size, search, sort). A page past the end shows the last page.
 */
export async function participantListOf(services: AppServices, auth: Auth, route: PageRoute, url: URL): Promise<ParticipantListData> {
  const state = listStateOf(url.searchParams);
  const organizationId = auth.organization.id;
  let report = await participantReport(services.db, organizationId, state);
  const totalPages = report.additional_info.total_pages;
  if (totalPages > 0 && state.page >= totalPages) {
    state.page = totalPages - 1;
    report = await participantReport(services.db, organizationId, state);
  }
  const now = services.clock.now();
  // the page's data reaches the browser as the /api calls' does: the same field policy (decision 027)
  const role = fieldRoleOfAuth(auth);
  return {
    title: route.title,
    state,
    count: report.count,
    totalPages,
    rows: report.data.map((row) =>
      applyFieldPolicy(role, {
        id: row.id,
        member_id: row.member_id,
        full_name: row.full_name,
        first_name: row.first_name,
        last_name: row.last_name,
        status: row.status,
        is_waiver_signed: row.is_waiver_signed,
        age: ageOn(row.dob, now),
        photo_url: row.photo_url,
      }),
    ),
  };
}
