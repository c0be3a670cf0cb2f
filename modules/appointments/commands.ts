import { z } from "zod";
import type { Command } from "../kernel";
import { labelOf, requiredMessage } from "../organizations/client";
import { isIsoDate } from "../programs/client";
import { ATTENDANCE_STATUSES, type EventDetails } from "./events";

/** The one schema of an event's fields (decision 047): the /api bodies, the decider and the forms. */

export const EVENT_LIMITS = { name: 120, description: 2000, location: 160, coaches: 20, points: 1000, capacity: 10000, days: 31, attendance: 1000 } as const;
const DAY_MS = 86_400_000;
/** the years an event may lie in: a typing slip (0202, 2206) is refused */
const FIRST_YEAR = 2000;
const YEARS_AHEAD = 5;

/**
 * What an event's fields are checked against besides their shape. Absent parts are not checked: the
 * browser knows `now`; the server knows all of it.
 */
export type EventRules = {
  /** the coach ids that are staff of the organization */
  staffIds?: readonly string[];
  /** participants registered now; the capacity may not go below it */
  registeredCount?: number;
  /** ISO instant: an event may start at most five years after it */
  now?: string;
};

const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date-time with its offset ('2026-12-05T10:00:00-05:00' or '...Z') on a real calendar day. */
export function isInstant(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = INSTANT.exec(value);
  return !!m && isIsoDate(m[1]) && !Number.isNaN(Date.parse(value));
}

const instant = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .refine(isInstant, { error: `${labelOf(field)} must be a date and time with its offset, like 2026-12-05T10:00:00-05:00` })
    .transform((v) => new Date(v).toISOString());

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${labelOf(field)} must be text` })
    .trim()
    .max(max, { error: `${labelOf(field)} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v ?? "");

const CAPACITY = "Capacity must be a whole number of at least 1, or empty for no limit";
const POINTS = `Points must be a whole number from 0 to ${EVENT_LIMITS.points}`;
const COACHES = "Coaches must be a list of user ids";

const eventFields = z.object({
  command_id: z.unknown().optional(),
  name: z
    .string({ error: requiredMessage("name") })
    .trim()
    .min(1, { error: requiredMessage("name") })
    .max(EVENT_LIMITS.name, { error: `Name must be at most ${EVENT_LIMITS.name} characters` }),
  description: optionalText("description", EVENT_LIMITS.description),
  start_date: instant("start_date"),
  end_date: instant("end_date"),
  capacity: z
    .number({ error: CAPACITY })
    .int({ error: CAPACITY })
    .min(1, { error: CAPACITY })
    .max(EVENT_LIMITS.capacity, { error: `Capacity must be at most ${EVENT_LIMITS.capacity}` })
    .nullish()
    .transform((v) => v ?? null),
  location: optionalText("location", EVENT_LIMITS.location),
  coach_ids: z
    .array(z.string({ error: COACHES }).trim().min(1, { error: COACHES }), { error: COACHES })
    .max(EVENT_LIMITS.coaches, { error: `An event has at most ${EVENT_LIMITS.coaches} coaches` })
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  points: z.number({ error: POINTS }).int({ error: POINTS }).min(0, { error: POINTS }).max(EVENT_LIMITS.points, { error: POINTS }).nullish().transform((v) => v ?? 0),
});

export type EventBody = z.input<typeof eventFields>;
type Issue = { message: string; path: (string | number)[] };

/** The checks of an event's fields against each other and against the rules; each names its field. */
export function eventIssues(e: z.output<typeof eventFields>, rules: EventRules = {}): Issue[] {
  const issues: Issue[] = [];
  const start = Date.parse(e.start_date);
  const end = Date.parse(e.end_date);
  const year = (t: number) => new Date(t).getUTCFullYear();
  const lastYear = rules.now ? year(Date.parse(rules.now)) + YEARS_AHEAD : null;
  for (const [field, t] of [["start_date", start], ["end_date", end]] as const) {
    if (year(t) < FIRST_YEAR) issues.push({ message: `${labelOf(field)} must be in ${FIRST_YEAR} or later`, path: [field] });
    else if (lastYear !== null && year(t) > lastYear) issues.push({ message: `${labelOf(field)} must be at most ${YEARS_AHEAD} years ahead`, path: [field] });
  }
  if (end <= start) issues.push({ message: "End Date must be after Start Date", path: ["end_date"] });
  else if (end - start > EVENT_LIMITS.days * DAY_MS) issues.push({ message: `An event lasts at most ${EVENT_LIMITS.days} days: End Date is too far after Start Date`, path: ["end_date"] });
  if (rules.staffIds) {
    const unknown = e.coach_ids.find((id) => !rules.staffIds?.includes(id));
    if (unknown !== undefined) issues.push({ message: `Coaches: ${unknown} is not a staff member of this organization`, path: ["coach_ids"] });
  }
  if (e.capacity !== null && rules.registeredCount !== undefined && e.capacity < rules.registeredCount)
    issues.push({ message: `Capacity cannot be below the ${rules.registeredCount} participants registered`, path: ["capacity"] });
  return issues;
}

const checked = (rules: EventRules) =>
  eventFields.superRefine((e, ctx) => {
    for (const issue of eventIssues(e, rules)) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });

/** The fields, checked with what is known of the rules, as the event's details. */
export const eventSchema = (rules: EventRules = {}) =>
  checked(rules).transform(
    (e): EventDetails => ({
      name: e.name,
      description: e.description,
      startAt: e.start_date,
      endAt: e.end_date,
      capacity: e.capacity,
      location: e.location,
      coachIds: e.coach_ids,
      points: e.points,
    }),
  );

/** The same checks answering the fields themselves: the /api rows validate bodies with it first. */
export const eventBodySchema = (rules: EventRules = {}) => checked(rules);

const requiredId = (field: string, label: string) =>
  z.string({ error: requiredMessage(field, label) }).trim().min(1, { error: requiredMessage(field, label) });
export const eventIdSchema = requiredId("event_id", "Event");
export const participantIdSchema = requiredId("participant_id", "Participant");

/** POST /api/appointment/event/{id}/registration */
export const eventRegistrationBody = z.object({ command_id: z.unknown().optional(), participant_id: participantIdSchema });

const STATUS = "Status must be present or absent";
/** PUT /api/appointment/event/{id}/attendance: marks for registered participants. */
export const attendanceBody = z.object({
  command_id: z.unknown().optional(),
  attendance: z
    .array(
      z.object({
        participant_id: participantIdSchema,
        status: z.enum(ATTENDANCE_STATUSES, { error: STATUS }),
      }),
      { error: "Attendance must be a list of { participant_id, status }" },
    )
    .min(1, { error: "Attendance must mark at least one participant" })
    .max(EVENT_LIMITS.attendance, { error: `Attendance marks at most ${EVENT_LIMITS.attendance} participants at once` })
    .superRefine((marks, ctx) => {
      const seen = new Set<string>();
      marks.forEach((m, i) => {
        if (seen.has(m.participant_id)) ctx.addIssue({ code: "custom", message: `Attendance: ${m.participant_id} is marked twice`, path: [i, "participant_id"] });
        seen.add(m.participant_id);
      });
    }),
});
export type AttendanceBody = z.output<typeof attendanceBody>;

const pageNumber = (field: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${labelOf(field)} must be a whole number` })
    .int({ error: `${labelOf(field)} must be a whole number` })
    .min(0, { error: `${labelOf(field)} must be at least 0` })
    .max(max, { error: `${labelOf(field)} must be at most ${max}` })
    .optional()
    .transform((v) => v ?? fallback);

export const EVENT_SORTS = ["created_date", "name", "start_date", "end_date"] as const;
export type EventSortField = (typeof EVENT_SORTS)[number];

/** GET /api/appointment/event: search on the name, sort ('name', '-name', 'start_date desc'), page, size, when. */
export const eventListQuery = z.object({
  search: z.string().trim().max(200, { error: "Search must be at most 200 characters" }).optional().transform((v) => v ?? ""),
  sort: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const m = /^(-)?([a-z_]+)(?:[ ,:](asc|desc))?$/i.exec((v ?? "created_date desc").trim());
      const field = m?.[2]?.toLowerCase();
      if (!m || !EVENT_SORTS.includes(field as EventSortField)) {
        ctx.addIssue({ code: "custom", message: `Sort must be one of ${EVENT_SORTS.join(", ")}, optionally with asc or desc` });
        return z.NEVER;
      }
      return { field: field as EventSortField, desc: m[1] === "-" || m[3]?.toLowerCase() === "desc" };
    }),
  page: pageNumber("page", 0, 100000),
  size: pageNumber("size", 10, 1000),
  when: z.enum(["upcoming", "past", "all"], { error: "When must be upcoming, past or all" }).optional().transform((v) => v ?? "all"),
});
export type EventListQuery = z.output<typeof eventListQuery>;

/** GET /api/appointment/event/{id}/report: page and size of its rows (default every row up to 1000). */
export const eventReportQuery = z.object({ page: pageNumber("page", 0, 100000), size: pageNumber("size", 1000, 1000) });
export type EventReportQuery = z.output<typeof eventReportQuery>;

export type CreateEvent = Command<"CreateEvent", { eventId: string; organizationId: string; input: unknown; rules: EventRules }>;
export type EditEvent = Command<"EditEvent", { eventId: string; input: unknown; rules: EventRules }>;
export type DeleteEvent = Command<"DeleteEvent", { eventId: string }>;
export type RegisterToEvent = Command<"RegisterToEvent", { eventId: string; participantId: string }>;
export type UnregisterFromEvent = Command<"UnregisterFromEvent", { eventId: string; participantId: string }>;
export type MarkEventAttendance = Command<"MarkEventAttendance", { eventId: string; input: unknown }>;

export type EventCommand = CreateEvent | EditEvent | DeleteEvent | RegisterToEvent | UnregisterFromEvent | MarkEventAttendance;
