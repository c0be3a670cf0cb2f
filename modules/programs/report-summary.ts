import type { Auth, Services } from "../identity";
import { ageOn } from "../participants";
import { programSummaryPage, registeredDobsOf, scheduleSources, type ScheduleSource } from "../../projections/programs";
import { attendancePercentage, parseReportQuery, viewerOf, type ReportViewer } from "./report";
import { daysOf, sessionsBetween, type SchedulePlan } from "./sessions";

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
};
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** A program's schedule versions; a decision-009 weekly program (no versions) as one version of its weekdays. */
function plansOf(source: ScheduleSource): SchedulePlan[] {
  if (source.plans.length > 0 || source.legacy.kind !== "weekly") return source.plans;
  const { start_date, end_date, days, start_time, end_time } = source.legacy;
  return [{ from: start_date, cycleStart: start_date, cycleEnd: end_date, sessions: days.map((day) => ({ day, startTime: start_time, endTime: end_time })) }];
}

/** The sessions up to today and their hours (decision 050). */
export function sessionsToDate(source: ScheduleSource, today: string): { sessions: number; hours: number; weekDays: number[] } {
  const plans = plansOf(source);
  const first = plans.reduce((min, p) => (p.cycleStart < min ? p.cycleStart : min), today);
  const met = sessionsBetween(source.id, plans, first, today, source.archived_on);
  if (plans.length === 0 && source.legacy.kind === "dates") {
    const dates = source.legacy.dates.filter((d) => d <= today && (!source.archived_on || d <= source.archived_on));
    return { sessions: dates.length, hours: (dates.length * (minutesOf(source.legacy.end_time) - minutesOf(source.legacy.start_time))) / 60, weekDays: [] };
  }
  const minutes = met.reduce((sum, s) => sum + minutesOf(s.endTime) - minutesOf(s.startTime), 0);
  const current = plans.reduce<SchedulePlan | null>((newest, p) => (!newest || p.from >= newest.from ? p : newest), null);
  return { sessions: met.length, hours: minutes / 60, weekDays: current ? daysOf(current.sessions) : [] };
}

/** The mean of the known ages, one decimal; null when none is known. */
export function meanAge(ages: readonly (number | null)[]): number | null {
  const known = ages.filter((a): a is number => a !== null);
  return known.length === 0 ? null : oneDecimal(known.reduce((s, a) => s + a, 0) / known.length);
}

/**
 * One page of the program summary (spec-2 section 3, 'Program summary row'; decision 050): one row per
 * program of the organization, archived ones too, by name, with its figures up to today. The counts come
 * grouped by program from the read model; the sessions and hours from the schedule versions. The call
 * and the CSV export (decision 054) both read it.
 */
export async function programSummaryRows(db: Services["db"], viewer: Pick<ReportViewer, "organizationId" | "today">, page: number, size: number, programId: string | null = null) {
  const { organizationId: orgId, today } = viewer;
  const { rows, count } = await programSummaryPage(db, orgId, today, page, size, programId);
  const ids = rows.map((r) => r.id);
  const [sources, dobs] = await Promise.all([ids.length ? scheduleSources(db, orgId, "0000-01-01", "9999-12-31") : [], registeredDobsOf(db, orgId, ids)]);
  const sourceOf = new Map(sources.map((s) => [s.id, s]));
  const onDay = new Date(`${today}T12:00:00Z`);
  const data = rows.map((r) => {
    const source = sourceOf.get(r.id);
    const met = source ? sessionsToDate(source, today) : { sessions: 0, hours: 0, weekDays: [] };
    const rosterTotal = met.sessions * r.registrants + r.extra_roster;
    return {
      id: r.id,
      name: r.name,
      genders: r.genders,
      age_category: r.age_category,
      mean_age: meanAge((dobs.get(r.id) ?? []).map((dob) => ageOn(dob, onDay))),
      week_day: met.weekDays.join(","),
      activity_type: r.activity_type,
      category_type: r.category_type,
      members_limit: r.members_limit,
      start_date: r.start_date,
      archived_on: r.archived_on,
      sessions: met.sessions,
      total_hours: Math.round(met.hours * 100) / 100,
      total_registrant_count: r.registrants,
      total_attendees_count: r.attendees,
      total_absent_count: r.absent_marks,
      avg_attendees_count: met.sessions > 0 ? oneDecimal(r.attended_marks / met.sessions) : 0,
      avg_total_participant: met.sessions > 0 ? oneDecimal(rosterTotal / met.sessions) : 0,
      /** the marks present or late over the places on the sessions' rosters (decision 054) */
      attendance_percentage: attendancePercentage(r.attended_marks, rosterTotal),
    };
  });
  return { data, count };
}
export type ProgramSummaryRow = Awaited<ReturnType<typeof programSummaryRows>>["data"][number];

/** GET /api/base/program_report?page&size (decision 050). */
export async function programSummaryCall(services: Services, auth: Auth, query: unknown) {
  const q = parseReportQuery(query);
  const viewer = viewerOf(services, auth);
  const { data, count } = await programSummaryRows(services.db, viewer, q.page, q.size);
  return { data, count, additional_info: { page: q.page, size: q.size, total_pages: q.size > 0 ? Math.ceil(count / q.size) : 0, today: viewer.today } };
}
