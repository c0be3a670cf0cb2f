import { sql, type Kysely, type RawBuilder } from "kysely";
import type { ReportTables } from "./tables";

const tables = <DB extends ReportTables>(db: Kysely<DB>) => db as unknown as Kysely<ReportTables>;

/** What the dashboards are filtered by (checked by modules/reports before it gets here). */
export type ReportFilter = {
  organizationId: string;
  /** YYYY-MM-DD, both included */
  from: string;
  to: string;
  /** '' or absent: every program */
  programId?: string;
  /** the group and, for the participant group, '' (members without a login of their own) */
  groupIds?: readonly string[];
  ageBand?: string;
  gender?: string;
  /** the buckets of the time series */
  bucket: "day" | "month";
};

/** The suffix of a metric's rows summed over group, age band and gender (decision 093): an unfiltered read takes them. */
export const ALL_DIMENSIONS = "@all";
const filtered = (f: ReportFilter) => Boolean(f.groupIds?.length || f.ageBand || f.gender);
/** The metric names a read takes: the detailed rows under filters, the totals without. */
const metricsFor = (f: ReportFilter, metrics: readonly string[]) => (filtered(f) ? [...metrics] : metrics.map((m) => `${m}${ALL_DIMENSIONS}`));
const bare = (metric: string) => (metric.endsWith(ALL_DIMENSIONS) ? metric.slice(0, -ALL_DIMENSIONS.length) : metric);

function dims(f: ReportFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.groupIds?.length) parts.push(sql`and group_id = any(${[...f.groupIds]}::text[])`);
  if (f.ageBand) parts.push(sql`and age_band = ${f.ageBand}`);
  if (f.gender) parts.push(sql`and gender = ${f.gender}`);
  return parts.length ? sql.join(parts, sql` `) : sql``;
}

const bucketOf = (f: ReportFilter) => (f.bucket === "month" ? sql`date_trunc('month', day)::date` : sql`day`);

/** Sums of metrics per bucket of the range (day or month), rows only where some metric is not 0. */
export async function metricsByBucket<DB extends ReportTables>(db: Kysely<DB>, f: ReportFilter, metrics: readonly string[]): Promise<{ bucket: string; values: Record<string, number> }[]> {
  const { rows } = await sql<{ bucket: string; metric: string; n: string }>`
    select to_char(${bucketOf(f)}, 'YYYY-MM-DD') as bucket, metric, sum(n)::text as n
      from rm_report_counts
     where organization_id = ${f.organizationId} and metric = any(${metricsFor(f, metrics)}::text[]) and program_id = ${f.programId ?? ""}
       and day between ${f.from}::date and ${f.to}::date and hour = -1 ${dims(f)}
     group by 1, 2
     order by 1`.execute(tables(db));
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const values = out.get(r.bucket) ?? {};
    values[bare(r.metric)] = Number(r.n);
    out.set(r.bucket, values);
  }
  return [...out].map(([bucket, values]) => ({ bucket, values }));
}

/** Check-ins per day of the week (1 Monday .. 7 Sunday) and hour (0-23). */
export async function checkInsByHourOfWeek<DB extends ReportTables>(db: Kysely<DB>, f: ReportFilter): Promise<{ weekday: number; hour: number; checkins: number }[]> {
  const { rows } = await sql<{ weekday: number; hour: number; n: string }>`
    select extract(isodow from day)::int as weekday, hour, sum(n)::text as n
      from rm_report_counts
     where organization_id = ${f.organizationId} and metric = ${metricsFor(f, ["checkins_hour"])[0]!} and program_id = ${f.programId ?? ""}
       and day between ${f.from}::date and ${f.to}::date ${dims(f)}
     group by 1, 2
     order by 1, 2`.execute(tables(db));
  return rows.map((r) => ({ weekday: r.weekday, hour: r.hour, checkins: Number(r.n) }));
}

/** Attendance marks per program over the range: present, late, absent, excused. */
export async function attendanceByProgram<DB extends ReportTables>(db: Kysely<DB>, f: ReportFilter): Promise<{ program_id: string; present: number; late: number; absent: number; excused: number }[]> {
  const program = f.programId ? sql`and program_id = ${f.programId}` : sql`and program_id <> ''`;
  const [present, late, absent, excused] = metricsFor(f, ["attendance_present", "attendance_late", "attendance_absent", "attendance_excused"]) as [string, string, string, string];
  const { rows } = await sql<{ program_id: string; present: string; late: string; absent: string; excused: string }>`
    select program_id,
           coalesce(sum(n) filter (where metric = ${present}), 0)::text as present,
           coalesce(sum(n) filter (where metric = ${late}), 0)::text as late,
           coalesce(sum(n) filter (where metric = ${absent}), 0)::text as absent,
           coalesce(sum(n) filter (where metric = ${excused}), 0)::text as excused
      from rm_report_counts
     where organization_id = ${f.organizationId} and metric = any(${[present, late, absent, excused]}::text[])
       ${program} and day between ${f.from}::date and ${f.to}::date and hour = -1 ${dims(f)}
     group by program_id`.execute(tables(db));
  return rows.map((r) => ({ program_id: r.program_id, present: Number(r.present), late: Number(r.late), absent: Number(r.absent), excused: Number(r.excused) }));
}

/**
 * Members per month of the range: active (checked in that month), new (their first month ever) and lapsed
 * (checked in the month before, not this month: the month before's rows not `continued`); and the distinct
 * members active over the whole range. One pass over the months' rows (no anti-join).
 */
export async function memberMonths<DB extends ReportTables>(db: Kysely<DB>, f: ReportFilter): Promise<{ months: { month: string; active: number; new: number; lapsed: number }[]; active: number }> {
  const program = f.programId ? sql`and ${f.programId} = any(program_ids)` : sql``;
  const first = sql`date_trunc('month', ${f.from}::date)::date`;
  const last = sql`date_trunc('month', ${f.to}::date)::date`;
  const [months, total] = await Promise.all([
    sql<{ month: string; active: string; new: string; gone: string }>`
      select to_char(month, 'YYYY-MM-DD') as month, count(*)::text as active, count(*) filter (where is_first)::text as new, count(*) filter (where not continued)::text as gone
        from rm_report_member_months
       where organization_id = ${f.organizationId} and month between (${first} - interval '1 month')::date and ${last} ${dims(f)} ${program}
       group by month
       order by month`.execute(tables(db)),
    sql<{ n: string }>`
      select count(distinct participant_id)::text as n from rm_report_member_months
       where organization_id = ${f.organizationId} and month between ${first} and ${last} ${dims(f)} ${program}`.execute(tables(db)),
  ]);
  const firstMonth = `${f.from.slice(0, 7)}-01`;
  const next = (month: string) => {
    const [y, m] = month.split("-").map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  };
  const out: { month: string; active: number; new: number; lapsed: number }[] = [];
  for (const r of months.rows) if (r.month >= firstMonth) out.push({ month: r.month, active: Number(r.active), new: Number(r.new), lapsed: 0 });
  for (const r of months.rows) {
    const m = next(r.month);
    if (m < firstMonth || m > `${f.to.slice(0, 7)}-01`) continue;
    let row = out.find((o) => o.month === m);
    if (!row) out.push((row = { month: m, active: 0, new: 0, lapsed: 0 }));
    row.lapsed = Number(r.gone);
  }
  return { months: out.sort((a, b) => a.month.localeCompare(b.month)), active: Number(total.rows[0]?.n ?? 0) };
}
