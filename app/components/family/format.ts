import { createContext, useContext } from "react";

/** Times and dates of the parents' home, in the organization's time zone (decision 032), the same on server and browser. */
const clean = (text: string) => text.replace(/\u202f/g, " ");

/** '3:30 PM' */
export const timeIn = (iso: string, timeZone: string) =>
  clean(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(new Date(iso)));

/** 'Tue, Nov 24' */
export const shortDateIn = (iso: string, timeZone: string) =>
  clean(new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(new Date(iso)));

/** 'Thursday, November 26' for a calendar day 'YYYY-MM-DD' (its noon in UTC names the same day everywhere). */
export const longDay = (date: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));

/** 'November' for a calendar day 'YYYY-MM-DD'. */
export const monthName = (date: string) => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long" }).format(new Date(`${date}T12:00:00Z`));

/**
 * Each instant the page shows, labelled once on the server: the browser may carry other time-zone data
 * than the server (Chromium knew British Columbia's permanent daylight time before Node's ICU did), and a
 * label formatted again while hydrating would then differ from the server's HTML.
 */
export type TimeLabels = Record<string, { time: string; date: string }>;
export const TimeLabelsContext = createContext<TimeLabels>({});

/** The labels of `instants` in `timeZone` (run by the loader). */
export function timeLabelsOf(instants: Iterable<string | null | undefined>, timeZone: string): TimeLabels {
  const labels: TimeLabels = {};
  for (const iso of instants) if (iso && !labels[iso]) labels[iso] = { time: timeIn(iso, timeZone), date: shortDateIn(iso, timeZone) };
  return labels;
}

/** '3:30 PM' and 'Tue, Nov 24' from the server's labels (formatted here only for an instant it did not label). */
export function useTimeLabels() {
  const labels = useContext(TimeLabelsContext);
  return {
    time: (iso: string, timeZone: string) => labels[iso]?.time ?? timeIn(iso, timeZone),
    date: (iso: string, timeZone: string) => labels[iso]?.date ?? shortDateIn(iso, timeZone),
  };
}
