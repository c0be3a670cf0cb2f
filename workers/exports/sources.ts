import type pg from "pg";
import { auditCsvRow, auditTimeline } from "../../modules/audit";
import { CHECK_IN_HEADER, PARTICIPANT_HEADER, type CheckInFilters, type ExportRequestedData, type FlagHistoryFilters, type ParticipantFilters } from "../../modules/exports";
import { auditLookupOf, participantHistoryEvents, waitForAuditIndex, type HistoryDeps, type HistoryViewer } from "../../projections/audit";
import { checkInExportRows } from "../../projections/check-in";
import { userWithPermissionsOf } from "../../projections/identity";
import { participantContactLookup, participantExportRows } from "../../projections/participants";

/** A query whose rows are the CSV's rows (every column as text), and the query counting them. */
export type RowQuery = {
  header: readonly string[];
  text: string;
  values: unknown[];
  countText: string;
  countValues: unknown[];
  /** a small per-organization table joined into each row in the worker (see checkIns) */
  lookup?: { text: string; values: unknown[]; keyColumn: number; apply(row: string[], found: string[] | undefined): void };
};

/** How many rows one FETCH brings: the worker holds at most this many rows of the read model at once. */
export const FETCH_SIZE = 1000;

/**
 * spec-2 section 9's check-in header; visits that began in [from, to] (whole days in the time zone),
 * oldest first. The visit rows stream from the board's index, with the programs of the visit's day
 * (docs/decisions/038); each row's contact columns (email, number) come from `lookup`, loaded once per export for
 * the organization (thousands of participants, not millions of rows), and joined in the worker.
 */
function checkIns(organizationId: string, f: CheckInFilters): RowQuery {
  return {
    header: CHECK_IN_HEADER,
    ...checkInExportRows(organizationId, f),
    lookup: {
      ...participantContactLookup(organizationId),
      // columns 2 (the participant id, then contact email) and 3 (contact number); 7 (programs) comes with the row
      apply(row, found) {
        row[2] = found?.[1] ?? "";
        row[3] = found?.[2] ?? "";
      },
      keyColumn: 2,
    },
  };
}

/**
 * The participant report fields with the status reason and the profile's answers (decision 070), filtered
 * as /participant_report is (statuses, search) and, for 'View assigned only' staff, to the participants of
 * the programs they coach (`assignedTo`), newest first.
 */
function participants(organizationId: string, f: ParticipantFilters, assignedTo: string | undefined): RowQuery {
  return { header: PARTICIPANT_HEADER, ...participantExportRows(organizationId, f, assignedTo) };
}

/**
 * A participant's note and flag history (decision 014): the auditor's timeline (decision 021), replayed
 * from the event store, one row per event with the audit CSV's columns, oldest first, dates in the
 * export's time zone. Flags are in every such export; the notes, comments and their edits only when the
 * requester holds CAN_VIEW_AUDIT_HISTORY when the file is built, and then only the notes that 'Who can
 * see this note?' lets them see (the audit page's rule). A timeline is hundreds of rows: it is built in
 * memory, not through a cursor.
 */
export async function historyRows(deps: HistoryDeps, requested: ExportRequestedData): Promise<string[][]> {
  const { participantId, timeZone } = requested.filters as FlagHistoryFilters;
  const { organizationId } = requested;
  await waitForAuditIndex(deps, 2_000);
  const requester = await userWithPermissionsOf(deps.db, organizationId, requested.requestedBy);
  const viewer: HistoryViewer | null =
    requester && (requester.permission_ids ?? []).includes(AUDIT_PERMISSION) ? { userId: requester.id, level: requester.level, groupId: requester.user_group_id } : null;
  const [events, lookup] = await Promise.all([participantHistoryEvents(deps, { organizationId, participantId, viewer }), auditLookupOf(deps.db, organizationId)]);
  return auditTimeline(events, lookup).map((entry) => auditCsvRow(entry, timeZone));
}

/** The permission that lets a history export carry the notes' history (decision 021's auditors). */
const AUDIT_PERMISSION = "CAN_VIEW_AUDIT_HISTORY";

/** The row query of a kind read through a cursor; `assignedTo` narrows the participant export (requesterAssignedTo). */
export function rowQueryFor(requested: ExportRequestedData, assignedTo?: string): RowQuery {
  switch (requested.kind) {
    case "check-ins":
      return checkIns(requested.organizationId, requested.filters as CheckInFilters);
    case "participants":
      return participants(requested.organizationId, requested.filters as ParticipantFilters, assignedTo);
    case "flag-history":
      throw new Error("the note and flag history is replayed from the event store (historyRows), not a row query");
    case "program-report":
    case "program-summary":
    case "event-report":
      throw new Error("a report export pages through its report (reportSource), not a row query");
    case "user-list":
      throw new Error("a user list pages through the list's query (userListSource), not a row query");
    case "parent-list":
      throw new Error("the parents' list pages through the list's query (parentListSource), not a row query");
    case "survey-report":
    case "survey-evaluation":
      throw new Error("a survey export pages through the survey's report or evaluation (surveySource), not a row query");
    case "bundle":
      throw new Error("a bundle has no row query");
    default: {
      const never: never = requested.kind;
      return never;
    }
  }
}

/**
 * The rows of a query through a server-side cursor, FETCH_SIZE at a time, in a read-only transaction
 * of its own: memory stays flat however many rows there are. A read-only transaction takes no
 * transaction id, so it does not hold back the event store's read horizon (decision 002).
 */
export async function* cursorRows(pool: pg.Pool, query: RowQuery, fetchSize = FETCH_SIZE): AsyncGenerator<string[][]> {
  const client = await pool.connect();
  let done = false;
  try {
    await client.query("begin transaction isolation level repeatable read read only");
    await client.query({ text: `declare export_rows no scroll cursor for ${query.text}`, values: query.values });
    const fetchNext = () => {
      const asked = client.query<string[]>({ text: `fetch forward ${fetchSize} from export_rows`, rowMode: "array" });
      asked.catch(() => undefined); // awaited below, or abandoned when the consumer stops early
      return asked;
    };
    // the next batch is asked for before this one is handed on: the database works while the CSV is written
    let next = fetchNext();
    for (;;) {
      const batch = await next;
      if (batch.rows.length === 0) break;
      next = fetchNext();
      yield batch.rows;
    }
    await client.query("commit");
    done = true;
  } finally {
    // stopped early or failed (a fetch asked for ahead may still be queued on the client: it fails with the rollback): end the transaction (and with it the cursor) before the client goes back
    if (!done) await client.query("rollback").catch(() => undefined);
    client.release();
  }
}

export async function countRows(pool: pg.Pool, query: RowQuery): Promise<number> {
  const result = await pool.query<{ n: number }>(query.countText, query.countValues);
  return result.rows[0]?.n ?? 0;
}

/** The lookup table of a query, by its key (the first column). */
export async function loadLookup(pool: pg.Pool, query: RowQuery): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!query.lookup) return map;
  const result = await pool.query<string[]>({ text: query.lookup.text, values: query.lookup.values, rowMode: "array" });
  for (const row of result.rows) map.set(row[0]!, row);
  return map;
}
