import { useTimeZone } from "~/components/time-zone";

/**
 * A date and time as 'MM/DD/YYYY HH:mm' in the organization's zone, built from numeric parts with a 00-23 hour, so
 * the server and the browser write the same text (no hydration mismatch from zones or AM/PM spacing).
 */
export function formatWhen(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour === "24" ? "00" : parts.hour}:${parts.minute}`;
}

export function useWhen() {
  const timeZone = useTimeZone();
  return (iso: string) => formatWhen(iso, timeZone);
}
