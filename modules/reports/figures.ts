import type { Kysely } from "kysely";
import type { ReadModels } from "../../projections";
import { attendanceByProgram, checkInsByHourOfWeek, memberMonths, metricsByBucket, type ReportFilter } from "../../projections/reports";
import { bucketLabel, bucketsOf, fmt, percent, sumOf } from "./buckets";
import { REPORTS, WEEKDAYS, type ReportFigures, type ReportName, type ReportRow } from "./names";

type Db = Kysely<ReadModels>;
type Base = Pick<ReportFigures, "from" | "to" | "bucket" | "filters">;
type Part = Omit<ReportFigures, keyof Base | "name" | "title" | "description">;

/** A time series of metrics, every bucket present (zeros where nothing happened). */
async function series(db: Db, f: ReportFilter, metrics: readonly string[]) {
  const found = new Map((await metricsByBucket(db, f, metrics)).map((r) => [r.bucket, r.values]));
  return bucketsOf(f.from, f.to, f.bucket).map((bucket) => ({ bucket, label: bucketLabel(bucket, f.bucket), v: (m: string) => found.get(bucket)?.[m] ?? 0 }));
}

/** The first column of every time series: its bucket's label. */
const dateColumn = (f: ReportFilter) => ({ key: "date", label: f.bucket === "month" ? "Month" : "Date" });
const unit = (f: ReportFilter) => (f.bucket === "month" ? "month" : "day");
const busiest = (rows: readonly ReportRow[], key: string) => rows.reduce<ReportRow | null>((best, r) => (Number(r[key]) > Number(best?.[key] ?? 0) ? r : best), null);

async function attendance(db: Db, f: ReportFilter): Promise<Part> {
  const rows = (await series(db, f, ["checkins", "checkin_members"])).map((s) => ({ date: s.label, checkins: s.v("checkins"), members: s.v("checkin_members") }));
  const total = sumOf(rows, (r) => r.checkins);
  const top = busiest(rows, "checkins");
  return {
    columns: [
      dateColumn(f),
      { key: "checkins", label: "Check-ins" },
      { key: "members", label: "Members checked in" },
    ],
    rows,
    summary: [
      { label: "Check-ins", value: total },
      { label: `Average per ${unit(f)}`, value: rows.length ? Math.round((10 * total) / rows.length) / 10 : 0 },
      { label: `Busiest ${unit(f)}`, value: top ? String(top.date) : "None" },
    ],
    text: total ? `${fmt(total)} check-ins from ${f.from} to ${f.to}; the busiest ${unit(f)} was ${top?.date} with ${fmt(Number(top?.checkins))}.` : `No check-ins from ${f.from} to ${f.to}.`,
  };
}

const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

async function attendanceHours(db: Db, f: ReportFilter): Promise<Part> {
  const cells = await checkInsByHourOfWeek(db, f);
  const hours = cells.length ? [...new Set(cells.map((c) => c.hour))].sort((a, b) => a - b) : [];
  const span = hours.length ? Array.from({ length: hours.at(-1)! - hours[0]! + 1 }, (_, i) => hours[0]! + i) : [];
  const at = new Map(cells.map((c) => [`${c.weekday}|${c.hour}`, c.checkins]));
  const rows = WEEKDAYS.map((day, i) => {
    const row: ReportRow = { weekday: day };
    for (const h of span) row[hourLabel(h)] = at.get(`${i + 1}|${h}`) ?? 0;
    row.total = sumOf(span, (h) => at.get(`${i + 1}|${h}`) ?? 0);
    return row;
  });
  const top = cells.reduce<(typeof cells)[number] | null>((b, c) => (c.checkins > (b?.checkins ?? 0) ? c : b), null);
  const topDay = busiest(rows, "total");
  return {
    columns: [{ key: "weekday", label: "Day" }, ...span.map((h) => ({ key: hourLabel(h), label: hourLabel(h) })), { key: "total", label: "Total" }],
    rows,
    summary: [
      { label: "Busiest hour", value: top ? `${WEEKDAYS[top.weekday - 1]} ${hourLabel(top.hour)}` : "None" },
      { label: "Busiest day", value: topDay && Number(topDay.total) > 0 ? String(topDay.weekday) : "None" },
    ],
    text: top ? `Most check-ins happen on ${WEEKDAYS[top.weekday - 1]} from ${hourLabel(top.hour)} (${fmt(top.checkins)}); ${topDay?.weekday} is the busiest day with ${fmt(Number(topDay?.total))}.` : `No check-ins from ${f.from} to ${f.to}.`,
  };
}

async function members(db: Db, f: ReportFilter): Promise<Part> {
  const { months, active } = await memberMonths(db, f);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const rows = bucketsOf(f.from, f.to, "month").map((m) => ({ month: m.slice(0, 7), active: byMonth.get(m)?.active ?? 0, new: byMonth.get(m)?.new ?? 0, lapsed: byMonth.get(m)?.lapsed ?? 0 }));
  const fresh = sumOf(rows, (r) => r.new);
  const lapsed = sumOf(rows, (r) => r.lapsed);
  return {
    columns: [
      { key: "month", label: "Month" },
      { key: "active", label: "Active" },
      { key: "new", label: "New" },
      { key: "lapsed", label: "Lapsed" },
    ],
    rows,
    summary: [
      { label: "Active members", value: active },
      { label: "New members", value: fresh },
      { label: "Lapsed members", value: lapsed },
    ],
    text: `${fmt(active)} members checked in during the months from ${f.from.slice(0, 7)} to ${f.to.slice(0, 7)}; ${fmt(fresh)} of them for the first time; ${fmt(lapsed)} came one month and not the next.`,
  };
}

async function programs(db: Db, f: ReportFilter, names: ReadonlyMap<string, string>): Promise<Part> {
  const rows = (await attendanceByProgram(db, f))
    .map((r) => ({ program: names.get(r.program_id) ?? "Deleted program", present: r.present, late: r.late, absent: r.absent, excused: r.excused, rate: percent(r.present + r.late, r.present + r.late + r.absent) }))
    .sort((a, b) => a.program.localeCompare(b.program));
  const attended = sumOf(rows, (r) => r.present + r.late);
  const counted = attended + sumOf(rows, (r) => r.absent);
  const low = rows.reduce<(typeof rows)[number] | null>((b, r) => (b === null || r.rate < b.rate ? r : b), null);
  return {
    columns: [
      { key: "program", label: "Program" },
      { key: "present", label: "Present" },
      { key: "late", label: "Late" },
      { key: "absent", label: "Absent" },
      { key: "excused", label: "Excused" },
      { key: "rate", label: "Attendance rate (%)" },
    ],
    rows,
    summary: [
      { label: "Programs with marks", value: rows.length },
      { label: "Overall attendance rate (%)", value: percent(attended, counted) },
    ],
    text: rows.length ? `Across ${rows.length} programs, ${percent(attended, counted)}% of marked attendances were present or late; the lowest rate is ${low?.program} at ${low?.rate}%.` : `No attendance was taken from ${f.from} to ${f.to}.`,
  };
}

async function flags(db: Db, f: ReportFilter): Promise<Part> {
  const rows = (await series(db, f, ["flags_raised_stop", "flags_raised_warn", "flags_resolved_stop", "flags_resolved_warn"])).map((s) => ({
    date: s.label,
    stop_raised: s.v("flags_raised_stop"),
    warn_raised: s.v("flags_raised_warn"),
    stop_resolved: s.v("flags_resolved_stop"),
    warn_resolved: s.v("flags_resolved_warn"),
  }));
  const raised = sumOf(rows, (r) => r.stop_raised + r.warn_raised);
  const resolved = sumOf(rows, (r) => r.stop_resolved + r.warn_resolved);
  return {
    columns: [
      dateColumn(f),
      { key: "stop_raised", label: "Stop flags raised" },
      { key: "warn_raised", label: "Warn flags raised" },
      { key: "stop_resolved", label: "Stop flags resolved" },
      { key: "warn_resolved", label: "Warn flags resolved" },
    ],
    rows,
    summary: [
      { label: "Flags raised", value: raised },
      { label: "Flags resolved", value: resolved },
    ],
    text: `${fmt(raised)} flags raised (${fmt(sumOf(rows, (r) => r.stop_raised))} stop, ${fmt(sumOf(rows, (r) => r.warn_raised))} warn) and ${fmt(resolved)} resolved from ${f.from} to ${f.to}.`,
  };
}

async function screening(db: Db, f: ReportFilter): Promise<Part> {
  const rows = (await series(db, f, ["checkin_members", "screenings_filled", "screenings_failed", "screenings_declined"])).map((s) => ({
    date: s.label,
    checked_in: s.v("checkin_members"),
    screened: s.v("screenings_filled"),
    failed: s.v("screenings_failed"),
    declined: s.v("screenings_declined"),
    completion: Math.min(100, percent(s.v("screenings_filled"), s.v("checkin_members"))),
  }));
  const checked = sumOf(rows, (r) => r.checked_in);
  const screened = sumOf(rows, (r) => r.screened);
  const rate = Math.min(100, percent(screened, checked));
  return {
    columns: [
      dateColumn(f),
      { key: "checked_in", label: "Members checked in" },
      { key: "screened", label: "Screenings filled" },
      { key: "failed", label: "Failed" },
      { key: "declined", label: "Declined" },
      { key: "completion", label: "Completion (%)" },
    ],
    rows,
    summary: [
      { label: "Screenings filled", value: screened },
      { label: "Failed", value: sumOf(rows, (r) => r.failed) },
      { label: "Completion (%)", value: rate },
    ],
    text: `${fmt(screened)} daily screenings were filled for ${fmt(checked)} member visits from ${f.from} to ${f.to} (${rate}%); ${fmt(sumOf(rows, (r) => r.failed))} failed.`,
  };
}

async function surveys(db: Db, f: ReportFilter): Promise<Part> {
  const rows = (await series(db, f, ["surveys_completed"])).map((s) => ({ date: s.label, completed: s.v("surveys_completed") }));
  const total = sumOf(rows, (r) => r.completed);
  return {
    columns: [
      dateColumn(f),
      { key: "completed", label: "Survey responses submitted" },
    ],
    rows,
    summary: [{ label: "Responses submitted", value: total }],
    text: `${fmt(total)} survey responses were submitted from ${f.from} to ${f.to}.`,
  };
}

async function points(db: Db, f: ReportFilter): Promise<Part> {
  const rows = (await series(db, f, ["points_earned", "points_spent"])).map((s) => ({ date: s.label, earned: s.v("points_earned"), spent: s.v("points_spent") }));
  const earned = sumOf(rows, (r) => r.earned);
  const spent = sumOf(rows, (r) => r.spent);
  return {
    columns: [
      dateColumn(f),
      { key: "earned", label: "Points earned" },
      { key: "spent", label: "Points spent" },
    ],
    rows,
    summary: [
      { label: "Points earned", value: earned },
      { label: "Points spent", value: spent },
    ],
    text: `Members earned ${fmt(earned)} points and spent ${fmt(spent)} from ${f.from} to ${f.to}.`,
  };
}

/** One dashboard's figures from the rollups. */
export async function figuresOf(db: Db, name: ReportName, f: ReportFilter, base: Base, programNames: ReadonlyMap<string, string>): Promise<ReportFigures> {
  const meta = REPORTS.find((r) => r.name === name)!;
  const part =
    name === "attendance" ? await attendance(db, f)
    : name === "attendance-hours" ? await attendanceHours(db, f)
    : name === "members" ? await members(db, f)
    : name === "programs" ? await programs(db, f, programNames)
    : name === "flags" ? await flags(db, f)
    : name === "screening" ? await screening(db, f)
    : name === "surveys" ? await surveys(db, f)
    : await points(db, f);
  return { name, title: meta.title, description: meta.description, ...base, ...part };
}
