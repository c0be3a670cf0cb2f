import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);

export const PROGRAM_TYPES = ["event", "dropin", "partner", "registered"] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

/** 0 Sunday ... 6 Saturday, as `Date.getUTCDay()` and PostgreSQL's `extract(dow ...)` count them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * When a program meets: on some weekdays between two dates (both included), or on a list of dates.
 * Dates are calendar days 'YYYY-MM-DD' in the organization's time zone (its setting: `todayIn` and
 * `timeZoneOf` of modules/organizations give its 'today').
 */
export type ProgramSchedule =
  | { kind: "weekly"; days: Weekday[]; startDate: string; endDate: string }
  | { kind: "dates"; dates: string[] };

/**
 * The Radix Themes accent colour of each program type, for the participant dialog's 'Registered to
 * Today's Programs' (spec-1 section 2: the colour depends on the type). The spec names no colours;
 * these are ours: event blue, drop-in green, partner orange, registered plum.
 */
/** The program types as the screens name them (the spec spells drop-in `dropin`). */
export const PROGRAM_TYPE_LABELS = { event: "Event", dropin: "Drop-in", partner: "Partner", registered: "Registered" } as const satisfies Record<ProgramType, string>;

export const PROGRAM_TYPE_COLORS = {
  event: "blue",
  dropin: "green",
  partner: "orange",
  registered: "plum",
} as const satisfies Record<ProgramType, string>;
export type ProgramTypeColor = (typeof PROGRAM_TYPE_COLORS)[ProgramType];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar day written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A time of day written 'HH:mm', 00:00 to 23:59. */
export const isTime = (value: unknown): value is string => typeof value === "string" && HH_MM.test(value);

/** The weekday of a 'YYYY-MM-DD' day, independent of the machine's time zone. */
export const weekdayOf = (date: string): Weekday => new Date(`${date}T00:00:00.000Z`).getUTCDay() as Weekday;

/** Whether a program with this schedule meets on `date` ('YYYY-MM-DD'). */
export function occursOn(program: { schedule: ProgramSchedule }, date: string): boolean {
  if (!isIsoDate(date)) return false;
  const { schedule } = program;
  switch (schedule.kind) {
    case "weekly":
      return schedule.startDate <= date && date <= schedule.endDate && schedule.days.includes(weekdayOf(date));
    case "dates":
      return schedule.dates.includes(date);
    default: {
      const never: never = schedule;
      return never;
    }
  }
}

/** The first and last day a schedule can meet on (the spec's start_date and end_date). */
export function scheduleBounds(schedule: ProgramSchedule): { startDate: string; endDate: string } {
  if (schedule.kind === "weekly") return { startDate: schedule.startDate, endDate: schedule.endDate };
  const sorted = [...schedule.dates].sort();
  return { startDate: sorted[0] ?? "", endDate: sorted[sorted.length - 1] ?? "" };
}

/** A program time as the screens show it (spec-1 section 9, h:mm A): '13:05' -> '1:05 PM'. */
export function formatTime(time: string): string {
  if (!isTime(time)) return time;
  return dayjs.utc(`1970-01-01T${time}:00Z`).format("h:mm A");
}

/** The day `days` after `date` ('YYYY-MM-DD'; negative goes back). */
export const addDays = (date: string, days: number): string => dayjs.utc(`${date}T00:00:00Z`).add(days, "day").format("YYYY-MM-DD");
