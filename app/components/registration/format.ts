import { formatTime, WEEKDAY_NAMES } from "#modules/programs/client";

/** Texts of the registration cards (decision 052), the same on server and browser (calendar days read in UTC). */

type Session = { week_day: number; start_time: string; end_time: string };

/** 'Tuesday 3:30 PM – 5:00 PM · Thursday 3:30 PM – 5:00 PM' */
export const sessionsText = (sessions: readonly Session[]) =>
  sessions.length ? sessions.map((s) => `${WEEKDAY_NAMES[s.week_day] ?? s.week_day} ${formatTime(s.start_time)} – ${formatTime(s.end_time)}`).join(" · ") : "No weekly sessions";

/** One line per weekly session: 'Tuesday 3:30 PM – 5:00 PM'. */
export const sessionLines = (sessions: readonly Session[]) =>
  sessions.length ? sessions.map((s) => `${WEEKDAY_NAMES[s.week_day] ?? s.week_day} ${formatTime(s.start_time)} – ${formatTime(s.end_time)}`) : ["No weekly sessions"];

/** 'Nov 24, 2026' for a calendar day 'YYYY-MM-DD'. */
export const dayText = (date: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(new Date(`${date}T12:00:00Z`));

/** 'Oct 2, 2026 to Mar 21, 2027' */
export const datesText = (start: string, end: string) => `${dayText(start)} to ${dayText(end)}`;

/** 'Ages 8 to 14', 'Ages 10 and up', 'Up to age 12', 'All ages' */
export function agesText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `Ages ${min} to ${max}`;
  if (min !== null) return `Ages ${min} and up`;
  if (max !== null) return `Up to age ${max}`;
  return "All ages";
}

/** 'Female and Non-binary participants', 'Everyone' */
export const gendersText = (genders: readonly string[]) =>
  genders.length === 0 ? "Everyone" : `${genders.length === 1 ? genders[0] : `${genders.slice(0, -1).join(", ")} and ${genders[genders.length - 1]}`} participants`;

/** What a card says of its places: '12 of 25 places left', 'Full — join the waitlist (3 waiting)', 'Full', 'Open to all'. */
export function placesText(limit: number | null, registered: number, waitlist: { has: boolean; length: number }): { text: string; full: boolean } {
  if (limit === null) return { text: "Places available", full: false };
  const left = Math.max(0, limit - registered);
  if (left > 0) return { text: `${left} of ${limit} place${limit === 1 ? "" : "s"} left`, full: false };
  if (waitlist.has) return { text: `Full — join the waitlist${waitlist.length ? ` (${waitlist.length} waiting)` : ""}`, full: true };
  return { text: "Full", full: true };
}

/** A place's days and times: the weekly sessions, or a decision-009 program's weekdays or dates and its one time span. */
export function placeWhen(p: { sessions: readonly Session[]; schedule_kind: "weekly" | "dates"; days: readonly number[]; dates: readonly string[]; start_time: string; end_time: string; end_date: string }): string {
  const span = `${formatTime(p.start_time)} – ${formatTime(p.end_time)}`;
  if (p.sessions.length) return `${sessionsText(p.sessions)} · until ${dayText(p.end_date)}`;
  if (p.schedule_kind === "dates") return `${p.dates.map((d) => dayText(d).replace(/, \d{4}$/, "")).join(", ")} · ${span}`;
  return `${p.days.map((d) => WEEKDAY_NAMES[d] ?? d).join(", ")} ${span} · until ${dayText(p.end_date)}`;
}
