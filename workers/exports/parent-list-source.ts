import type { Kysely } from "kysely";
import { applyFieldPolicy, type FieldRole } from "../../modules/identity";
import { PARENT_LIST_HEADER, type ExportRequestedData, type ParentListFilters } from "../../modules/exports";
import { childrenOfGuardians, parentsPage, type ChildOfParent, type ParentRow } from "../../projections/identity";
import type { ReadModels } from "../../projections";
import { dateTimeIn } from "./report-sources";
import { requesterRole } from "./field-policy";
import { FETCH_SIZE } from "./sources";

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/** "Maya Haddad (Mother); Leo Haddad": each child's name and, when recorded, the relationship. */
export const childrenCell = (children: readonly ChildOfParent[]) => children.map((c) => (c.relationship ? `${c.full_name} (${c.relationship})` : c.full_name)).join("; ");

/** A parent's cells, as the requester's role sees them (decision 027: a field it may not see is empty). */
export function parentListCells(role: FieldRole, row: ParentRow, children: readonly ChildOfParent[], timeZone: string): string[] {
  const p = applyFieldPolicy(role, row) as Partial<ParentRow>;
  return [text(p.first_name), text(p.last_name), text(p.email), text(p.phone_number), text(p.status), childrenCell(children), p.created_date ? dateTimeIn(p.created_date, timeZone) : "", timeZone];
}

/**
 * The parents' list (decision 072): the /user/parent list's own query (its search and children filter), by
 * last name, FETCH_SIZE rows a page, each parent with their children, as the requester's role sees them.
 */
export async function parentListSource(deps: { db: Kysely<ReadModels> }, requested: ExportRequestedData) {
  const f = requested.filters as ParentListFilters;
  const role = await requesterRole(deps.db, requested.organizationId, requested.requestedBy);
  const fetch = (page: number) => parentsPage(deps.db, requested.organizationId, { search: f.search, children: f.children, page, size: FETCH_SIZE });
  const first = await fetch(0);
  async function* batches(): AsyncGenerator<string[][]> {
    let answer = first;
    for (let page = 0; answer.rows.length > 0; ) {
      const children = await childrenOfGuardians(
        deps.db,
        requested.organizationId,
        answer.rows.map((r) => r.id),
      );
      yield answer.rows.map((r) =>
        parentListCells(
          role,
          r,
          children.filter((c) => c.guardian_id === r.id),
          f.timeZone,
        ),
      );
      if (answer.rows.length < FETCH_SIZE) return;
      answer = await fetch(++page);
    }
  }
  return { header: PARENT_LIST_HEADER, total: first.count, batches: batches() };
}
