/** The built-in dashboards (decision 092): names, titles and the filters' fixed choices. Safe for the browser. */
export const REPORTS = [
  { name: "attendance", title: "Attendance over time", description: "Check-ins and members checked in, per day (per month over ranges longer than 92 days)." },
  { name: "attendance-hours", title: "Check-ins by hour of the week", description: "When members arrive: check-ins per weekday and hour, in the organization's time zone." },
  { name: "members", title: "Members active, new and lapsed", description: "Per month: members who checked in, those checking in for the first time, and those who came the month before but not this month." },
  { name: "programs", title: "Program attendance rates", description: "Attendance marks per program: present and late count as attended; the rate leaves excused marks out." },
  { name: "flags", title: "Flags raised and resolved", description: "Stop and warn flags raised and resolved, per day." },
  { name: "screening", title: "Screening completion", description: "Daily screenings filled, failed and declined, as a share of the members who checked in." },
  { name: "surveys", title: "Survey completions", description: "Survey responses submitted, per day." },
  { name: "points", title: "Points earned and spent", description: "Points awarded (less reversals) and spent in the store (less refunds), per day." },
] as const;

export type ReportName = (typeof REPORTS)[number]["name"];
export const REPORT_NAMES = REPORTS.map((r) => r.name) as readonly ReportName[];
export const isReportName = (name: string): name is ReportName => (REPORT_NAMES as readonly string[]).includes(name);

/** The age bands the rollups use (projections/reports/dimensions.ts keeps the same list). */
export const REPORT_AGE_BANDS = ["Under 6", "6-9", "10-12", "13-15", "16-18", "19-24", "25+", "Unknown"] as const;
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The longest range a dashboard reads: five years. */
export const MAX_RANGE_DAYS = 5 * 366;
/** Ranges up to this many days are drawn per day; longer ones per month. */
export const DAILY_UP_TO_DAYS = 92;

export type ReportColumn = { key: string; label: string };
export type ReportRow = Record<string, string | number>;
/** One dashboard's figures: the same in the page, the JSON call and the CSV. */
export type ReportFigures = {
  name: ReportName;
  title: string;
  description: string;
  from: string;
  to: string;
  bucket: "day" | "month";
  filters: { program_id: string | null; group_id: string | null; age_band: string | null; gender: string | null };
  columns: ReportColumn[];
  rows: ReportRow[];
  summary: { label: string; value: string | number }[];
  /** the chart's text alternative */
  text: string;
};
