/** The filters' dimensions as the rollups store them (decision 093). */

/** Age bands at the day of the fact, youngest first; 'Unknown' without a date of birth. */
export const AGE_BANDS = ["Under 6", "6-9", "10-12", "13-15", "16-18", "19-24", "25+", "Unknown"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The member's age band on `day` (YYYY-MM-DD) for a date of birth (YYYY-MM-DD). */
export function ageBandOn(dob: string, day: string): AgeBand {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || dob > day) return "Unknown";
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  const [dy, dm, dd] = day.split("-").map(Number) as [number, number, number];
  const age = dy - y - (dm < m || (dm === m && dd < d) ? 1 : 0);
  if (age < 6) return "Under 6";
  if (age <= 9) return "6-9";
  if (age <= 12) return "10-12";
  if (age <= 15) return "13-15";
  if (age <= 18) return "16-18";
  if (age <= 24) return "19-24";
  return "25+";
}

/** A gender as stored: the profile's answer, 'Unspecified' when none. */
export const genderOf = (gender: string | null | undefined) => (gender && gender.trim() ? gender.trim() : "Unspecified");

const formatters = new Map<string, Intl.DateTimeFormat>();
const DEFAULT_ZONE = "America/Toronto";

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });
    } catch {
      f = formatter(DEFAULT_ZONE);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** An instant's local day (YYYY-MM-DD) and hour (0-23) in the organization's zone. */
export function localDayHour(at: string | Date, timeZone: string): { day: string; hour: number } {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) % 24 };
}

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month before `month` (YYYY-MM-01). */
export function monthBefore(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
}
export { DEFAULT_ZONE };
