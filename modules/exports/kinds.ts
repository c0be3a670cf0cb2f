import { z } from "zod";

/**
 * What can be exported. `bundle` zips finished exports of the same requester into one file.
 * `flag-history` is a participant's note and flag history (the auditor's timeline, decision 014); its id
 * stays as first stored in ExportRequested events and sent by API clients. `program-report`,
 * `program-summary` and `event-report` are the program and event reports' rows (decisions 050, 054).
 */
export const EXPORT_KINDS = ["check-ins", "participants", "flag-history", "program-report", "program-summary", "event-report", "user-list", "parent-list", "survey-report", "survey-evaluation", "bundle"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The permission each kind needs (spec-1 section 6 permission ids); a bundle needs those of its parts. */
export const EXPORT_PERMISSION: Readonly<Record<Exclude<ExportKind, "bundle">, string>> = {
  "check-ins": "CAN_EXPORT_CHECK_IN_MEMBERS",
  participants: "CAN_EXPORT_PARTICIPANT_PROFILE",
  "flag-history": "CAN_EXPORT_PARTICIPANT_PROFILE",
  "program-report": "CAN_EXPORT_PROGRAMS_AND_EVENTS",
  "program-summary": "CAN_EXPORT_PROGRAMS_AND_EVENTS",
  "event-report": "CAN_EXPORT_PROGRAMS_AND_EVENTS",
  // a staff user group's list (decision 061)
  "user-list": "CAN_EXPORT_COACH_PROFILE",
  // the parents' list (decision 072): parents are level-1 profiles, as participants are
  "parent-list": "CAN_EXPORT_PARTICIPANT_PROFILE",
  // a survey's answers and a pre/post pair's evaluation (decision 106): 'export survey results'
  "survey-report": "CAN_EXPORT_SURVEY_RESULTS",
  "survey-evaluation": "CAN_EXPORT_SURVEY_RESULTS",
};

/** Every permission that lets someone export something: the Downloads page and its calls need one. */
export const ANY_EXPORT_PERMISSION = ["CAN_EXPORT_CHECK_IN_MEMBERS", "CAN_EXPORT_PARTICIPANT_PROFILE", "CAN_EXPORT_PROGRAMS_AND_EVENTS", "CAN_EXPORT_COACH_PROFILE", "CAN_EXPORT_SURVEY_RESULTS"] as const;

export const KIND_LABELS: Readonly<Record<ExportKind, string>> = {
  "check-ins": "Check-ins",
  participants: "Participants",
  "flag-history": "Note and flag history",
  "program-report": "Program report",
  "program-summary": "Program summary",
  "event-report": "Event report",
  "user-list": "User list",
  "parent-list": "Parent list",
  "survey-report": "Survey report",
  "survey-evaluation": "Survey evaluation",
  bundle: "Zip of exports",
};

/** The subtext under 'No Records Found' when an export has no rows (spec-2 section 8 style). */
export const EMPTY_EXPORT_TEXT: Readonly<Record<ExportKind, string>> = {
  "check-ins": "There are no members that checked in during this date range.",
  participants: "There are no participants that match these filters.",
  "flag-history": "There are no notes or flags for this participant.",
  "program-report": "There are no members registered in this program and no drop-ins who attended it.",
  "program-summary": "There are no programs in this organization yet.",
  "event-report": "There are no participants registered for this event.",
  "user-list": "There are no users in this user group that match these filters.",
  "parent-list": "There are no parents that match these filters.",
  "survey-report": "There are no participants that have answered this survey.",
  "survey-evaluation": "There are no members that have answered both surveys.",
  bundle: "There are no records in these exports.",
};

export const KIND_MESSAGE = "Kind must be check-ins, participants, flag-history, program-report, program-summary, event-report, user-list, parent-list, survey-report, survey-evaluation or bundle";
export const MAX_BUNDLE_PARTS = 20;
export const MAX_CHECK_IN_RANGE_DAYS = 3660;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} must be a date (YYYY-MM-DD)`);

export const timeZoneSchema = z.string().trim().min(1).max(64).refine(isTimeZone, "Time zone is not known").default("UTC");

export const checkInFiltersSchema = z
  .object({ from: day("From"), to: day("To"), timeZone: timeZoneSchema })
  .strict()
  .refine((f) => f.from <= f.to, { message: "To must be on or after From", path: ["to"] })
  .refine((f) => (Date.parse(f.to) - Date.parse(f.from)) / 86_400_000 <= MAX_CHECK_IN_RANGE_DAYS, { message: "The date range must be at most 10 years", path: ["to"] });

export const participantFiltersSchema = z
  .object({
    statuses: z.array(z.enum(["Active", "Inactive", "Alumni"], { error: "Status must be Active, Inactive or Alumni" })).max(3).default([]),
    search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
    timeZone: timeZoneSchema,
  })
  .strict();

export const flagHistoryFiltersSchema = z
  .object({ participantId: z.string({ error: "Participant is required" }).trim().min(1, "Participant is required").max(100), timeZone: timeZoneSchema })
  .strict();

const recordId = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const programReportFiltersSchema = z.object({ programId: recordId("Program"), timeZone: timeZoneSchema }).strict();
export const programSummaryFiltersSchema = z.object({ timeZone: timeZoneSchema }).strict();
export const eventReportFiltersSchema = z.object({ eventId: recordId("Event"), timeZone: timeZoneSchema }).strict();
/** A staff user group's list (decision 061): the group, and the list's status and search filters. */
export const userListFiltersSchema = z
  .object({
    roleId: recordId("User group"),
    statuses: z.array(z.enum(["Active", "Inactive", "Alumni"], { error: "Status must be Active, Inactive or Alumni" })).max(3).default([]),
    search: z.string().trim().max(200, "Search must be at most 200 characters").default(""),
    timeZone: timeZoneSchema,
  })
  .strict();

/** The parents' list (decision 072): its search and its with / without children filter. */
export const parentListFiltersSchema = z
  .object({
    search: z.string().trim().max(200, "Search must be at most 200 characters").default(""),
    children: z.enum(["with", "without"], { error: "Children must be with or without" }).optional(),
    timeZone: timeZoneSchema,
  })
  .strict();

/** A survey's report, or the evaluation of the pre/post pair a survey is in (decision 106). */
export const surveyExportFiltersSchema = z.object({ surveyId: recordId("Survey"), timeZone: timeZoneSchema }).strict();

export const bundleFiltersSchema = z
  .object({
    exportIds: z
      .array(z.string().trim().min(1).max(100))
      .min(2, "Choose at least two exports to bundle")
      .max(MAX_BUNDLE_PARTS, `At most ${MAX_BUNDLE_PARTS} exports fit in one zip`)
      .refine((ids) => new Set(ids).size === ids.length, "An export is listed twice"),
    timeZone: timeZoneSchema,
  })
  .strict();

/** An export request as the API and the forms send it: the kind and its filters. */
export const exportRequestSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("check-ins"), filters: checkInFiltersSchema }),
    z.object({ kind: z.literal("participants"), filters: participantFiltersSchema.default({ statuses: [], search: "", timeZone: "UTC" }) }),
    z.object({ kind: z.literal("flag-history"), filters: flagHistoryFiltersSchema }),
    z.object({ kind: z.literal("program-report"), filters: programReportFiltersSchema }),
    z.object({ kind: z.literal("program-summary"), filters: programSummaryFiltersSchema.default({ timeZone: "UTC" }) }),
    z.object({ kind: z.literal("event-report"), filters: eventReportFiltersSchema }),
    z.object({ kind: z.literal("user-list"), filters: userListFiltersSchema }),
    z.object({ kind: z.literal("parent-list"), filters: parentListFiltersSchema.default({ search: "", timeZone: "UTC" }) }),
    z.object({ kind: z.literal("survey-report"), filters: surveyExportFiltersSchema }),
    z.object({ kind: z.literal("survey-evaluation"), filters: surveyExportFiltersSchema }),
    z.object({ kind: z.literal("bundle"), filters: bundleFiltersSchema }),
  ],
  { error: () => KIND_MESSAGE },
);
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export type CheckInFilters = z.infer<typeof checkInFiltersSchema>;
export type ParticipantFilters = z.infer<typeof participantFiltersSchema>;
export type FlagHistoryFilters = z.infer<typeof flagHistoryFiltersSchema>;
export type BundleFilters = z.infer<typeof bundleFiltersSchema>;
export type ProgramReportFilters = z.infer<typeof programReportFiltersSchema>;
export type ProgramSummaryFilters = z.infer<typeof programSummaryFiltersSchema>;
export type EventReportFilters = z.infer<typeof eventReportFiltersSchema>;
export type UserListFilters = z.infer<typeof userListFiltersSchema>;
export type ParentListFilters = z.infer<typeof parentListFiltersSchema>;
export type SurveyExportFilters = z.infer<typeof surveyExportFiltersSchema>;
export type ExportFilters = CheckInFilters | ParticipantFilters | FlagHistoryFilters | ProgramReportFilters | ProgramSummaryFilters | EventReportFilters | UserListFilters | ParentListFilters | SurveyExportFilters | BundleFilters;

/** MM-DD-YYYY of an instant in a time zone (spec-2 section 9: export file names carry this date). */
export function fileDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("month")}-${get("day")}-${get("year")}`;
}

/** The download's file name: the kind, the date range for check-ins, and the date of the request. */
export function exportFileName(request: ExportRequest, at: Date): string {
  const today = fileDate(at, request.filters.timeZone);
  const mdy = (ymd: string) => `${ymd.slice(5, 7)}-${ymd.slice(8, 10)}-${ymd.slice(0, 4)}`;
  switch (request.kind) {
    case "check-ins": {
      const { from, to } = request.filters;
      return from === to ? `check-ins-${mdy(from)}.csv` : `check-ins-${mdy(from)}-to-${mdy(to)}.csv`;
    }
    case "participants":
      return `participants-${today}.csv`;
    case "flag-history":
      return `note-and-flag-history-${today}.csv`;
    case "program-report":
      return `program-report-${today}.csv`;
    case "program-summary":
      return `program-summary-${today}.csv`;
    case "event-report":
      return `event-report-${today}.csv`;
    case "user-list":
      return `user-list-${today}.csv`;
    case "parent-list":
      return `parent-list-${today}.csv`;
    case "survey-report":
      return `survey-report-${today}.csv`;
    case "survey-evaluation":
      return `survey-evaluation-${today}.csv`;
    case "bundle":
      return `exports-${today}.zip`;
    default: {
      const never: never = request;
      return never;
    }
  }
}
