import { addDays } from "./filters";

/** Every bucket of the range, in order: each day, or the first day of each month. */
export function bucketsOf(from: string, to: string, bucket: "day" | "month"): string[] {
  const out: string[] = [];
  if (bucket === "day") {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  }
  let [y, m] = from.split("-").map(Number) as [number, number];
  const last = `${to.slice(0, 7)}-01`;
  for (;;) {
    const day = `${y}-${String(m).padStart(2, "0")}-01`;
    if (day > last) break;
    out.push(day);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/** A bucket as the table shows it: the day, or the month (YYYY-MM). */
export const bucketLabel = (day: string, bucket: "day" | "month") => (bucket === "month" ? day.slice(0, 7) : day);

export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);
export const sumOf = <T>(rows: readonly T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
export const fmt = (n: number) => n.toLocaleString("en-CA");
