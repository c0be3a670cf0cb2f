import type { SerializeFrom } from "@remix-run/node";
import type { ParticipantProfilePage } from "#modules/participants";

/** The profile page's data as the loader sends it (docs/decisions/039). */
export type Profile = SerializeFrom<ParticipantProfilePage>;
export type ProfilePerson = Profile["person"];

/** A date and a time of day in the organization's time zone (en-US, so server and browser render alike). */
export function formatDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));
}
export function formatClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}
/** 'YYYY-MM-DD' as 'Sep 1, 2026' (a calendar day: no time zone). */
export function formatCalendarDay(date: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(new Date(`${date}T00:00:00Z`));
}
