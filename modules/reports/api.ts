import { z } from "zod";
import { apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { reportQuery } from "./filters";
import { REPORT_NAMES } from "./names";
import { reportCall, reportCsvCall } from "./service";

const VIEW_REPORTS = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_REPORTS] } as const satisfies AccessRule;

const figuresSchema = z.looseObject({
  name: z.enum(REPORT_NAMES as [string, ...string[]]),
  title: z.string(),
  description: z.string(),
  from: z.string(),
  to: z.string(),
  bucket: z.enum(["day", "month"]),
  filters: z.looseObject({ program_id: z.string().nullable(), group_id: z.string().nullable(), age_band: z.string().nullable(), gender: z.string().nullable() }),
  columns: z.array(z.looseObject({ key: z.string(), label: z.string() })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  summary: z.array(z.looseObject({ label: z.string(), value: z.union([z.string(), z.number()]) })),
  text: z.string(),
});

/** The built-in dashboards' figures (decision 092). */
export const reportsApi: readonly ApiRow[] = [
  apiRow({
    id: "report-figures",
    method: "GET",
    path: "/api/report/:name",
    description: `One built-in dashboard's figures (name: ${REPORT_NAMES.join(", ")}), the same as its CSV on /reports: from, to (YYYY-MM-DD, at most 5 years; default the last 30 days), program_id, group_id, age_band, gender. Read from rollups kept by the projector.`,
    rule: VIEW_REPORTS,
    query: reportQuery,
    answers: { description: "{ name, title, description, from, to, bucket, filters, columns, rows, summary, text }", schema: figuresSchema },
    handle: (ctx) => reportCall(ctx.services, signedIn(ctx), ctx.params.name, ctx.query),
  }),
  apiRow({
    id: "report-csv",
    method: "GET",
    path: "/api/report/:name/csv",
    description: "The same dashboard's figures as a CSV file (the table's header and rows); the download of /reports. The figures are aggregates (at most one row per day of a 5-year range), so the file is written at once rather than by a background export.",
    rule: VIEW_REPORTS,
    query: reportQuery,
    answers: { description: "text/csv: the columns' labels, then one line per row", contentType: "text/csv" },
    handle: (ctx) => reportCsvCall(ctx.services, signedIn(ctx), ctx.params.name, ctx.query),
  }),
];
