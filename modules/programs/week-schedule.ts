import { addDays, formatTime, isIsoDate, weekdayOf, type ProgramType, type Weekday } from "./schedule";
import { sessionsBetween, hoursToTime, type SchedulePlan } from "./sessions";

/** What the schedule needs of a program (projections/programs scheduleSources gives it). */
export type ScheduledProgram = {
  id: string;
  name: string;
  type: ProgramType;
  location: string | null;
  archived_on: string | null;
  plans: SchedulePlan[];
  legacy: { kind: "weekly" | "dates"; days: Weekday[]; dates: string[]; start_date: string; end_date: string; start_time: string; end_time: string };
  registered_count: number;
};

/** One session on the schedule: a program meeting on a day, at a time, or an event on one of its days (decision 048). */
export type ScheduleEntry = {
  kind: "session" | "event";
  program_id: string;
  name: string;
  type: ProgramType;
  location: string | null;
  date: string;
  start_time: string;
  end_time: string;
  start_label: string;
  end_label: string;
  registered_count: number;
  /** a builder program's session, which takes attendance (decision 046); decision-009 programs do not */
  takes_attendance: boolean;
};

export type ScheduleView = "week" | "day";

/** The days a view shows around `date`: its week, Sunday first (weekdays are 0 Sunday as the spec's week_day), or the day itself. */
export function daysOfView(view: ScheduleView, date: string): string[] {
  if (view === "day") return [date];
  const sunday = addDays(date, -weekdayOf(date));
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** A decision-009 program's sessions between two days: its weekdays (or dates) in its first..last day, one time span. */
function legacySessions(p: ScheduledProgram, first: string, last: string): { date: string; startTime: string; endTime: string }[] {
  const out: { date: string; startTime: string; endTime: string }[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (p.archived_on && date > p.archived_on) break;
    const meets = p.legacy.kind === "weekly" ? p.legacy.start_date <= date && date <= p.legacy.end_date && p.legacy.days.includes(weekdayOf(date)) : p.legacy.dates.includes(date);
    if (meets) out.push({ date, startTime: p.legacy.start_time, endTime: p.legacy.end_time });
  }
  return out;
}

/**
 * Every session of these programs on the given days, sorted by day, start time, end time and name. A
 * builder program's sessions follow the schedule version of each day (past weeks keep theirs); an archived
 * program meets up to the day it was archived.
 */
export function scheduleEntries(programs: readonly ScheduledProgram[], days: readonly string[]): ScheduleEntry[] {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last || !isIsoDate(first) || !isIsoDate(last)) return [];
  const entries: ScheduleEntry[] = [];
  for (const p of programs) {
    const sessions = p.plans.length ? sessionsBetween(p.id, p.plans, first, last, p.archived_on) : legacySessions(p, first, last);
    for (const s of sessions) {
      entries.push({
        kind: "session",
        program_id: p.id,
        name: p.name,
        type: p.type,
        location: p.location,
        date: s.date,
        start_time: s.startTime,
        end_time: s.endTime,
        start_label: formatTime(s.startTime),
        end_label: formatTime(s.endTime),
        registered_count: p.registered_count,
        takes_attendance: p.plans.length > 0,
      });
    }
  }
  return entries.sort(byDayAndTime);
}

/** The hours the schedule's day view spans (the organization's program_schedule_start and _end, 'HH:mm'). */
export const scheduleWindow = (startHours: number, endHours: number) => ({ start: hoursToTime(startHours), end: hoursToTime(endHours) });

/** An event (decision 047) as the schedule needs it: its instants and where. */
export type ScheduledEvent = { id: string; name: string; start_date: string; end_date: string; location: string; registered_count: number };

/**
 * An event's entries on the shown days: one per day it touches, in the organization's zone, with its start
 * time on its first day and its end time on its last ('12:00 AM' / '11:59 PM' between). `local` turns an
 * instant into the organization's 'YYYY-MM-DD' and 'HH:mm'.
 */
export function eventEntries(events: readonly ScheduledEvent[], days: readonly string[], local: (iso: string) => { date: string; time: string }): ScheduleEntry[] {
  const out: ScheduleEntry[] = [];
  for (const e of events) {
    const start = local(e.start_date);
    const end = local(e.end_date);
    for (const date of days) {
      if (date < start.date || date > end.date) continue;
      const from = date === start.date ? start.time : "00:00";
      const to = date === end.date ? end.time : "23:59";
      out.push({
        kind: "event",
        program_id: e.id,
        name: e.name,
        type: "event",
        location: e.location || null,
        date,
        start_time: from,
        end_time: to,
        start_label: formatTime(from),
        end_label: formatTime(to),
        registered_count: e.registered_count,
        takes_attendance: false,
      });
    }
  }
  return out;
}

/** Sessions and events of the shown days in one order: by day, start, end, name. */
export const byDayAndTime = (a: ScheduleEntry, b: ScheduleEntry) =>
  a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time) || a.name.localeCompare(b.name);
