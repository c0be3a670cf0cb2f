import { z } from "zod";
import { GENDER_OPTIONS } from "../participants";
import { DAILY_UP_TO_DAYS, MAX_RANGE_DAYS, REPORT_AGE_BANDS } from "./names";

const isoDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date, YYYY-MM-DD` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, { error: `${label} must be a real date` });

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The dashboards' filters (query string or form): every one optional; the range defaults to the last 30 days. */
export const reportQuery = z.object({
  from: z.preprocess(blank, isoDay("Start date").optional()),
  to: z.preprocess(blank, isoDay("End date").optional()),
  program_id: z.preprocess(blank, z.string().trim().max(100, { error: "Program must be a program id" }).optional()),
  group_id: z.preprocess(blank, z.string().trim().max(100, { error: "User group must be a user group id" }).optional()),
  age_band: z.preprocess(blank, z.enum(REPORT_AGE_BANDS, { error: `Age band must be one of ${REPORT_AGE_BANDS.join(", ")}` }).optional()),
  gender: z.preprocess(blank, z.enum(GENDER_OPTIONS, { error: `Gender must be one of ${GENDER_OPTIONS.join(", ")}` }).optional()),
});
export type ReportQuery = z.output<typeof reportQuery>;

const DAY_MS = 86_400_000;
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The range asked for, or the last 30 days up to today; a message when it is upside down or too long. */
export function rangeOf(q: ReportQuery, today: string): { from: string; to: string; bucket: "day" | "month" } | { problem: string } {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -29);
  if (from > to) return { problem: "The start date must be on or before the end date" };
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) return { problem: "The date range must be at most 5 years" };
  return { from, to, bucket: daysBetween(from, to) + 1 > DAILY_UP_TO_DAYS ? "month" : "day" };
}
