import { addDays, weekdayOf, type Weekday } from "./schedule";

/** One weekly session: a weekday and a wall-clock time span in the organization's time zone. */
export type WeeklySession = { day: Weekday; startTime: string; endTime: string };

/**
 * A schedule version: the cycle (first and last day, both included) and the weekly sessions, applying
 * from `from` ('YYYY-MM-DD') on. A program keeps every version (decision 044), so the sessions before
 * an edit are still the ones that met.
 */
export type SchedulePlan = { from: string; cycleStart: string; cycleEnd: string; sessions: WeeklySession[] };

/** A session that meets (or met) on a day; `key` identifies it for attendance: program, date, start. */
export type ProgramSession = { date: string; day: Weekday; startTime: string; endTime: string; key: string };

export const sessionKey = (programId: string, date: string, startTime: string) => `${programId}:${date}:${startTime}`;

/** The version that applies on `date`: the newest whose `from` is on or before it (plans in append order). */
export function planOn(plans: readonly SchedulePlan[], date: string): SchedulePlan | null {
  let found: SchedulePlan | null = null;
  for (const plan of plans) if (plan.from <= date && (!found || plan.from >= found.from)) found = plan;
  return found;
}

/** The sessions of a program on one day, sorted by start time. */
export function sessionsOn(programId: string, plans: readonly SchedulePlan[], date: string, until?: string | null): ProgramSession[] {
  if (until && date > until) return [];
  const plan = planOn(plans, date);
  if (!plan || date < plan.cycleStart || date > plan.cycleEnd) return [];
  const day = weekdayOf(date);
  return plan.sessions
    .filter((s) => s.day === day)
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((s) => ({ date, day, startTime: s.startTime, endTime: s.endTime, key: sessionKey(programId, date, s.startTime) }));
}

/** The sessions from `first` to `last` (both included), by date and time; at most 3,700 days are walked. */
export function sessionsBetween(programId: string, plans: readonly SchedulePlan[], first: string, last: string, until?: string | null): ProgramSession[] {
  const out: ProgramSession[] = [];
  // the days are walked with the native clock (a year of days for each program of a report page: dayjs's
  // parse and format per day cost ~4 ms a program-year, decision 054); anything but a plain date falls back
  const start = /^\d{4}-\d{2}-\d{2}$/.test(first) ? Date.parse(`${first}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(start)) {
    for (let date = first, n = 0; date <= last && n < 3700; date = addDays(date, 1), n++) out.push(...sessionsOn(programId, plans, date, until));
    return out;
  }
  for (let n = 0; n < 3700; n++) {
    const date = new Date(start + n * 86_400_000).toISOString().slice(0, 10);
    if (date > last || date.length !== 10) break;
    out.push(...sessionsOn(programId, plans, date, until));
  }
  return out;
}

/** 'HH:mm' of a number of hours (the organization's program_schedule_start / _end): 23.5 -> '23:30'. */
export function hoursToTime(hours: number): string {
  const minutes = Math.max(0, Math.min(24 * 60, Math.round(hours * 60)));
  if (minutes >= 24 * 60) return "24:00";
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The days of a plan's sessions, distinct and sorted. */
export const daysOf = (sessions: readonly WeeklySession[]): Weekday[] => [...new Set(sessions.map((s) => s.day))].sort((a, b) => a - b);
