import type { Kysely } from "kysely";
import { applyFieldPolicy, type FieldRole } from "../../modules/identity";
import { USER_LIST_HEADER, type ExportRequestedData, type UserListFilters } from "../../modules/exports";
import { staffUserPage, type StaffUserRow } from "../../projections/identity";
import type { ReadModels } from "../../projections";
import { dateTimeIn } from "./report-sources";
import { requesterRole } from "./field-policy";
import { FETCH_SIZE } from "./sources";

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/** A user's cells, as the requester's role sees them (decision 027: a field it may not see is empty). */
export function userListCells(role: FieldRole, row: StaffUserRow, timeZone: string): string[] {
  const u = applyFieldPolicy(role, row) as Partial<StaffUserRow>;
  return [
    text(u.first_name),
    text(u.last_name),
    text(u.username),
    text(u.email),
    text(u.phone_number),
    text(u.role_display_name),
    text(u.status),
    text(u.status_reason),
    text(u.invitation_status),
    u.created_date ? dateTimeIn(u.created_date, timeZone) : "",
    timeZone,
  ];
}

/**
 * A staff user group's list (decision 061): the list's own query (the group, the statuses, the search),
 * newest first, FETCH_SIZE rows a page, as the requester's role sees them when the file is built.
 */
export async function userListSource(deps: { db: Kysely<ReadModels> }, requested: ExportRequestedData) {
  const f = requested.filters as UserListFilters;
  const role = await requesterRole(deps.db, requested.organizationId, requested.requestedBy);
  const statuses = f.statuses.length === 1 ? f.statuses[0] : undefined;
  const keep = (r: StaffUserRow) => f.statuses.length === 0 || f.statuses.includes(r.status as (typeof f.statuses)[number]);
  const fetch = (page: number) =>
    staffUserPage(deps.db, requested.organizationId, { userGroupId: f.roleId, status: statuses, search: f.search, sort: { field: "created_date", desc: true }, page, size: FETCH_SIZE });
  const first = await fetch(0);
  async function* batches(): AsyncGenerator<string[][]> {
    let answer = first;
    for (let page = 0; answer.rows.length > 0; ) {
      yield answer.rows.filter(keep).map((r) => userListCells(role, r, f.timeZone));
      if (answer.rows.length < FETCH_SIZE) return;
      answer = await fetch(++page);
    }
  }
  return { header: USER_LIST_HEADER, total: first.count, batches: batches() };
}
