import { apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { programReportCall, programReportQuery } from "./report";
import { programSummaryCall } from "./report-summary";

/** Staff with 'export programs and events': the reports (issue 16, decision 050); not the kiosk. */
const PROGRAM_REPORT = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_EXPORT_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;

/** The program reports (spec-2 sections 3 and 7; decision 050), rows of the one /api table. */
export const programReportsApi: readonly ApiRow[] = [
  apiRow({
    id: "program-report",
    method: "GET",
    path: "/api/program/:id/report",
    description:
      "The program report (spec-2 section 3): one row per registered member and per drop-in who attended (drop_in), the member fields through the caller's role's field policy (username, contact, gender, household_income, race, medical_conditions, fsa, age), points, program_name, sessions to date, attendance_count and attendance_percentage (present and late attend; excused sessions are left out). Paged: page, size.",
    rule: PROGRAM_REPORT,
    query: programReportQuery,
    answers: { description: "{ data, count, additional_info: { page, size, total_pages, program, sessions_to_date, today } }" },
    handle: (ctx) => programReportCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
  apiRow({
    id: "program-summary-report",
    method: "GET",
    path: "/api/base/program_report",
    description:
      "The program summary (spec-2 section 3): one row per program by name: genders, age_category, mean_age, week_day, activity_type, category_type, members_limit, start_date, total_hours, total_registrant_count, total_attendees_count, total_absent_count, avg_attendees_count, avg_total_participant, attendance_percentage (up to today; decision 054). Paged: page, size.",
    rule: PROGRAM_REPORT,
    query: programReportQuery,
    answers: { description: "{ data, count, additional_info: { page, size, total_pages, today } }" },
    handle: (ctx) => programSummaryCall(ctx.services, signedIn(ctx), ctx.query),
  }),
];
