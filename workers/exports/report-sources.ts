import type { Kysely } from "kysely";
import { eventReportPage, eventSummaryOf, eventNotFound, type EventReportRow } from "../../modules/appointments";
import {
  EVENT_REPORT_HEADER,
  PROGRAM_REPORT_HEADER,
  PROGRAM_SUMMARY_HEADER,
  type EventReportFilters,
  type ExportRequestedData,
  type ProgramReportFilters,
  type ProgramSummaryFilters,
} from "../../modules/exports";
import type { Clock, EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, loadOrganization, timeZoneOf, todayIn } from "../../modules/organizations";
import { loadProgram, programNotFound, programReportPage, programSummaryRows, WEEKDAY_NAMES, type ProgramReportRow, type ProgramSummaryRow, type ReportViewer } from "../../modules/programs";
import { eventById } from "../../projections/appointments";
import type { ReadModels } from "../../projections";
import { requesterRole } from "./field-policy";
import { FETCH_SIZE } from "./sources";

export type ReportDeps = { db: Kysely<ReadModels>; store: EventStore; clock?: Clock };
export type ReportSource = { header: readonly string[]; total: number; batches: AsyncIterable<string[][]> };

const REPORT_KINDS = ["program-report", "program-summary", "event-report"] as const;
export const isReportKind = (kind: string): kind is (typeof REPORT_KINDS)[number] => (REPORT_KINDS as readonly string[]).includes(kind);

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
const mdy = (ymd: unknown) => (typeof ymd === "string" && /^\d{4}-\d{2}-\d{2}/.test(ymd) ? `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}` : "");
const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** MM/DD/YYYY hh:mm am of an instant in the export's time zone (spec-2 section 9's date and time style). */
export function dateTimeIn(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: true }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("month")}/${get("day")}/${get("year")} ${get("hour")}:${get("minute")} ${get("dayPeriod").toLowerCase()}`;
}

export const programReportCells = (r: ProgramReportRow): string[] => {
  const p = r as ProgramReportRow & Partial<Record<string, unknown>>;
  return [
    r.program_id,
    text(p.member_id),
    text(p.username),
    text(p.first_name),
    text(p.last_name),
    text(p.email),
    text(p.contact_name),
    text(p.phone_number),
    text(p.gender),
    text(p.specific_gender),
    text(p.household_income),
    text(p.race),
    text(p.specific_race),
    text(p.medical_conditions),
    text(r.points),
    text(p.fsa),
    text(p.age),
    r.program_name,
    text(r.sessions),
    text(r.attendance_percentage),
    text(r.attendance_count),
    yesNo(r.drop_in),
    text(r.absent_count),
    text(r.excused_count),
  ];
};

export const programSummaryCells = (r: ProgramSummaryRow, timeZone: string): string[] => [
  r.name,
  r.genders.join(", "),
  r.age_category,
  text(r.mean_age),
  r.week_day
    .split(",")
    .filter(Boolean)
    .map((d) => WEEKDAY_NAMES[Number(d)] ?? d)
    .join(", "),
  r.activity_type,
  r.category_type,
  text(r.members_limit),
  mdy(r.start_date),
  text(r.total_hours),
  text(r.total_registrant_count),
  text(r.total_attendees_count),
  text(r.total_absent_count),
  text(r.avg_attendees_count),
  text(r.avg_total_participant),
  text(r.sessions),
  mdy(r.archived_on),
  timeZone,
];

export const eventReportCells = (event: ReturnType<typeof eventSummaryOf>, r: EventReportRow, timeZone: string): string[] => {
  const p = r as EventReportRow & Partial<Record<string, unknown>>;
  return [
    event.name,
    dateTimeIn(event.start_date, timeZone),
    dateTimeIn(event.end_date, timeZone),
    text(event.attendees),
    text(p.member_id),
    text(p.first_name),
    text(p.last_name),
    mdy(p.dob),
    text(p.age),
    text(p.gender),
    text(p.email),
    text(p.phone_number),
    text(p.contact_name),
    text(p.medical_conditions),
    text(p.postal_code),
    r.attendance === "present" ? "Present" : r.attendance === "absent" ? "Absent" : "",
    text(r.points),
    timeZone,
  ];
};

/**
 * Pages through a report, FETCH_SIZE rows at a time (spec-2: exports page through data with size 1000):
 * the first page gives the count; the pages follow until one comes back short.
 */
async function paged<R>(fetch: (page: number) => Promise<{ data: R[]; count: number }>, cells: (row: R) => string[]): Promise<{ total: number; batches: AsyncIterable<string[][]> }> {
  const first = await fetch(0);
  async function* batches(): AsyncGenerator<string[][]> {
    let answer = first;
    for (let page = 0; answer.data.length > 0; ) {
      yield answer.data.map(cells);
      if (answer.data.length < FETCH_SIZE) return;
      answer = await fetch(++page);
    }
  }
  return { total: first.count, batches: batches() };
}

/**
 * The rows of a program report, the program summary or an event report (decision 054): the same page
 * functions the report calls answer with, read as the requester (their organization's today, their role's
 * field policy), in the organization's time zone. A program or event gone since the request fails the
 * export with 'Program not found' or 'Event not found'.
 */
export async function reportSource(deps: ReportDeps, requested: ExportRequestedData): Promise<ReportSource> {
  const { organizationId } = requested;
  const [organization, role] = await Promise.all([loadOrganization(deps.store, organizationId), requesterRole(deps.db, organizationId, requested.requestedBy)]);
  const zone = organization ? timeZoneOf(organization.settings) : DEFAULT_TIME_ZONE;
  const viewer: ReportViewer = { organizationId, today: todayIn(zone, deps.clock?.now() ?? new Date()), role };
  switch (requested.kind) {
    case "program-report": {
      const { programId } = requested.filters as ProgramReportFilters;
      const program = await loadProgram(deps.store, programId);
      if (!program || program.organizationId !== organizationId) throw programNotFound();
      return { header: PROGRAM_REPORT_HEADER, ...(await paged((page) => programReportPage(deps.db, viewer, program, page, FETCH_SIZE), programReportCells)) };
    }
    case "program-summary": {
      const { timeZone } = requested.filters as ProgramSummaryFilters;
      return { header: PROGRAM_SUMMARY_HEADER, ...(await paged((page) => programSummaryRows(deps.db, viewer, page, FETCH_SIZE), (r) => programSummaryCells(r, timeZone))) };
    }
    case "event-report": {
      const { eventId, timeZone } = requested.filters as EventReportFilters;
      const row = await eventById(deps.db, organizationId, eventId);
      if (!row) throw eventNotFound();
      const event = eventSummaryOf(row);
      return { header: EVENT_REPORT_HEADER, ...(await paged((page) => eventReportPage(deps.db, viewer, row, page, FETCH_SIZE), (r) => eventReportCells(event, r, timeZone))) };
    }
    default:
      throw new Error(`${requested.kind} is not a report export`);
  }
}
