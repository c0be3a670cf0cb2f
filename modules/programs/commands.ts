import { z } from "zod";
import type { Command } from "../kernel";
import { labelOf, requiredMessage } from "../organizations/client";
import type { ProgramDetails, ProgramScheduleInput } from "./events";
import { isIsoDate, isTime, PROGRAM_TYPES, type ProgramSchedule, type ProgramType, type Weekday } from "./schedule";
import { hoursToTime } from "./sessions";

/** The command payloads' schemas: the same ones will validate the /api payloads and the forms. */

export const PROGRAM_MESSAGES = {
  type: `Type must be ${PROGRAM_TYPES.slice(0, -1).join(", ")} or ${PROGRAM_TYPES[PROGRAM_TYPES.length - 1]}`,
  kind: "Schedule must be weekly or dates",
  time: (label: string) => `${label} must be a time like 15:30`,
  date: (label: string) => `${label} must be a date like 2026-11-23`,
  day: "Days must be whole numbers from 0 (Sunday) to 6 (Saturday)",
  noDays: "Choose at least one day",
  noDates: "Choose at least one date",
  endTime: "End Time must be after Start Time",
  endDate: "End Date must be on or after Start Date",
} as const;

const requiredId = (field: string, label?: string) =>
  z.string({ error: requiredMessage(field, label) }).trim().min(1, { error: requiredMessage(field, label) });

export const programIdSchema = requiredId("program_id", "Program");
export const participantIdSchema = requiredId("participant_id", "Participant");

const blank = (input: unknown) => input === undefined || input === null || input === "";

export const programTypeSchema = z.enum(PROGRAM_TYPES, {
  error: (issue) => (blank(issue.input) ? requiredMessage("type") : PROGRAM_MESSAGES.type),
});

const time = (field: string, label: string) =>
  z.string({ error: requiredMessage(field, label) }).refine(isTime, { error: PROGRAM_MESSAGES.time(label) });
const date = (label: string) => z.string({ error: requiredMessage(label, label) }).refine(isIsoDate, { error: PROGRAM_MESSAGES.date(label) });
const weekday = z.number({ error: PROGRAM_MESSAGES.day }).int({ error: PROGRAM_MESSAGES.day }).min(0, { error: PROGRAM_MESSAGES.day }).max(6, { error: PROGRAM_MESSAGES.day });

/** Days and dates come back de-duplicated and sorted. */
export const programScheduleSchema = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("weekly"),
        days: z
          .array(weekday, { error: PROGRAM_MESSAGES.noDays })
          .min(1, { error: PROGRAM_MESSAGES.noDays })
          .transform((days) => [...new Set(days)].sort((a, b) => a - b) as Weekday[]),
        startDate: date("Start Date"),
        endDate: date("End Date"),
      })
      .refine((s) => !isIsoDate(s.startDate) || !isIsoDate(s.endDate) || s.startDate <= s.endDate, {
        error: PROGRAM_MESSAGES.endDate,
        path: ["endDate"],
      }),
    z.object({
      kind: z.literal("dates"),
      dates: z
        .array(date("Date"), { error: PROGRAM_MESSAGES.noDates })
        .min(1, { error: PROGRAM_MESSAGES.noDates })
        .transform((dates) => [...new Set(dates)].sort()),
    }),
  ],
  { error: (issue) => (blank(issue.input) ? requiredMessage("schedule") : issue.code === "invalid_union" || issue.code === "invalid_type" ? PROGRAM_MESSAGES.kind : undefined) },
);

export const createProgramSchema = z
  .object({
    programId: programIdSchema,
    organizationId: requiredId("organization_id", "Organization"),
    name: z.string({ error: requiredMessage("name") }).trim().min(1, { error: requiredMessage("name") }),
    type: programTypeSchema,
    schedule: programScheduleSchema,
    startTime: time("start_time", "Start Time"),
    endTime: time("end_time", "End Time"),
    location: z
      .string({ error: "Location must be text" })
      .trim()
      .nullish()
      .transform((v) => v || undefined),
  })
  .refine((p) => !isTime(p.startTime) || !isTime(p.endTime) || p.startTime < p.endTime, {
    error: PROGRAM_MESSAGES.endTime,
    path: ["endTime"],
  });

export const programRegistrationSchema = z.object({ programId: programIdSchema, participantId: participantIdSchema });

export type CreateProgramInput = {
  programId: string;
  organizationId: string;
  name: string;
  type: ProgramType;
  schedule: ProgramSchedule;
  startTime: string;
  endTime: string;
  location?: string | null;
};


/* ---------------- The program builder (decision 044) ---------------- */

/** The spec's 'Programme interest' list (spec-2 section 3), used as a program's activity types. */
export const ACTIVITY_TYPES = ["Sport", "Mental Wellness Support", "Academic Support", "Employment Support", "Other"] as const;
/** The spec's gender list (spec-2 section 3). */
export const PROGRAM_GENDERS = ["Male", "Female", "Transgender", "Other", "Unspecified", "Non-binary", "Two Spirit"] as const;
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const PROGRAM_LIMITS = { name: 120, description: 2000, text: 80, sessions: 21, coaches: 20, age: 120, points: 1000, membersLimit: 10000 } as const;

/**
 * What a program's fields are checked against besides their shape: the organization's program settings
 * (spec-1 section 3), the staff among the coach ids asked for, and the participants registered now. The
 * browser's form knows the settings; the server knows all of it. Absent parts are not checked.
 */
export type ProgramRules = {
  cycleStart?: string | null;
  cycleEnd?: string | null;
  /** hours, 6 = 06:00, 23.5 = 23:30 (spec-1 section 9 defaults) */
  scheduleStart?: number;
  scheduleEnd?: number;
  hasSaturday?: boolean;
  hasSunday?: boolean;
  /** the coach ids that are staff of the organization; undefined: not checked */
  staffIds?: readonly string[];
  /** participants registered now; the members limit may not go below it */
  registeredCount?: number;
};

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${labelOf(field)} must be text` })
    .trim()
    .max(max, { error: `${labelOf(field)} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v ?? "");

const wholeOrNull = (field: string, min: number, max: number) =>
  z
    .number({ error: `${labelOf(field)} must be a whole number from ${min} to ${max}` })
    .int({ error: `${labelOf(field)} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${labelOf(field)} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${labelOf(field)} must be a whole number from ${min} to ${max}` })
    .nullish()
    .transform((v) => v ?? null);

const WEEK_DAY = "Week Day must be a whole number from 0 (Sunday) to 6 (Saturday)";
const sessionSchema = z.object({
  week_day: z.number({ error: WEEK_DAY }).int({ error: WEEK_DAY }).min(0, { error: WEEK_DAY }).max(6, { error: WEEK_DAY }),
  start_time: time("start_time", "Start Time"),
  end_time: time("end_time", "End Time"),
});

/** 'HH:mm' as h:mm A, for messages. */
const clock = (t: string) => {
  const [h, m] = t.split(":").map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return t;
  if (h === 24) return "12:00 AM (midnight)";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

const programFields = z.object({
  command_id: z.unknown().optional(),
  name: z
    .string({ error: requiredMessage("name") })
    .trim()
    .min(1, { error: requiredMessage("name") })
    .max(PROGRAM_LIMITS.name, { error: `Name must be at most ${PROGRAM_LIMITS.name} characters` }),
  description: optionalText("description", PROGRAM_LIMITS.description),
  type: programTypeSchema,
  activity_type: z.enum(ACTIVITY_TYPES, {
    error: (issue) => (blank(issue.input) ? requiredMessage("activity_type") : `Activity Type must be ${ACTIVITY_TYPES.slice(0, -1).join(", ")} or Other`),
  }),
  category_type: optionalText("category_type", PROGRAM_LIMITS.text),
  age_category: optionalText("age_category", PROGRAM_LIMITS.text),
  age_min: wholeOrNull("age_min", 0, PROGRAM_LIMITS.age),
  age_max: wholeOrNull("age_max", 0, PROGRAM_LIMITS.age),
  genders: z
    .array(z.enum(PROGRAM_GENDERS, { error: `Genders must be among ${PROGRAM_GENDERS.join(", ")}` }), { error: "Genders must be a list" })
    .nullish()
    .transform((g) => [...new Set(g ?? [])]),
  members_limit: z
    .number({ error: "Members Limit must be a whole number of at least 1, or empty for no limit" })
    .int({ error: "Members Limit must be a whole number of at least 1, or empty for no limit" })
    .min(1, { error: "Members Limit must be a whole number of at least 1, or empty for no limit" })
    .max(PROGRAM_LIMITS.membersLimit, { error: `Members Limit must be at most ${PROGRAM_LIMITS.membersLimit}` })
    .nullish()
    .transform((v) => v ?? null),
  waitlist: z.boolean({ error: "Waitlist must be true or false" }).nullish().transform((v) => v ?? true),
  start_date: date("Start Date"),
  end_date: date("End Date"),
  sessions: z
    .array(sessionSchema, { error: "Choose at least one session" })
    .min(1, { error: "Choose at least one session" })
    .max(PROGRAM_LIMITS.sessions, { error: `A program has at most ${PROGRAM_LIMITS.sessions} weekly sessions` }),
  location: optionalText("location", PROGRAM_LIMITS.text * 2),
  coach_ids: z
    .array(z.string({ error: "Coaches must be a list of user ids" }).trim().min(1, { error: "Coaches must be a list of user ids" }), {
      error: "Coaches must be a list of user ids",
    })
    .max(PROGRAM_LIMITS.coaches, { error: `A program has at most ${PROGRAM_LIMITS.coaches} coaches` })
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  points_per_session: wholeOrNull("points_per_session", 0, PROGRAM_LIMITS.points).transform((v) => v ?? 0),
});

export type ProgramBody = z.input<typeof programFields>;

type Issue = { message: string; path: (string | number)[] };

/** The checks of a program's fields against each other and against the rules; each names its field. */
export function programIssues(p: z.output<typeof programFields>, rules: ProgramRules = {}): Issue[] {
  const issues: Issue[] = [];
  if (p.age_min !== null && p.age_max !== null && p.age_min > p.age_max) issues.push({ message: "Age Max must be at least Age Min", path: ["age_max"] });
  if (p.start_date > p.end_date) issues.push({ message: PROGRAM_MESSAGES.endDate, path: ["end_date"] });
  const { cycleStart, cycleEnd } = rules;
  if (cycleStart && cycleEnd) {
    const cycle = `the program cycle (${cycleStart} to ${cycleEnd})`;
    if (p.start_date < cycleStart || p.start_date > cycleEnd) issues.push({ message: `Start Date must be within ${cycle}`, path: ["start_date"] });
    if (p.end_date < cycleStart || p.end_date > cycleEnd) issues.push({ message: `End Date must be within ${cycle}`, path: ["end_date"] });
  }
  const windowStart = rules.scheduleStart === undefined ? null : hoursToTime(rules.scheduleStart);
  const windowEnd = rules.scheduleEnd === undefined ? null : hoursToTime(rules.scheduleEnd);
  p.sessions.forEach((s, i) => {
    const n = `Session ${i + 1}`;
    if (s.start_time >= s.end_time) issues.push({ message: `${n}: End Time must be after Start Time`, path: ["sessions", i, "end_time"] });
    if (windowStart && s.start_time < windowStart)
      issues.push({ message: `${n}: Start Time must be at or after ${clock(windowStart)}, the organization's schedule start`, path: ["sessions", i, "start_time"] });
    if (windowEnd && s.end_time > windowEnd)
      issues.push({ message: `${n}: End Time must be at or before ${clock(windowEnd)}, the organization's schedule end`, path: ["sessions", i, "end_time"] });
    if ((s.week_day === 6 && rules.hasSaturday === false) || (s.week_day === 0 && rules.hasSunday === false))
      issues.push({ message: `${n}: Week Day cannot be ${WEEKDAY_NAMES[s.week_day]}: the organization has no ${WEEKDAY_NAMES[s.week_day]} programs`, path: ["sessions", i, "week_day"] });
    const earlier = p.sessions.slice(0, i).findIndex((o) => o.week_day === s.week_day && o.start_time < s.end_time && s.start_time < o.end_time);
    if (earlier >= 0) issues.push({ message: `${n} overlaps session ${earlier + 1} on ${WEEKDAY_NAMES[s.week_day]}`, path: ["sessions", i, "start_time"] });
  });
  if (rules.staffIds) {
    const unknown = p.coach_ids.find((id) => !rules.staffIds?.includes(id));
    if (unknown !== undefined) issues.push({ message: `Coaches: ${unknown} is not a staff member of this organization`, path: ["coach_ids"] });
  }
  if (p.members_limit !== null && rules.registeredCount !== undefined && p.members_limit < rules.registeredCount)
    issues.push({ message: `Members Limit cannot be below the ${rules.registeredCount} participants registered`, path: ["members_limit"] });
  return issues;
}

/**
 * The one schema of a program's fields (create, edit, copy; /api bodies and forms): the shape, then
 * `programIssues` with what is known of the rules. Output: the details and the schedule.
 */
export const programSchema = (rules: ProgramRules = {}) =>
  programFields
    .superRefine((p, ctx) => {
      for (const issue of programIssues(p, rules)) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    })
    .transform((p): ProgramInput => ({
      details: {
        name: p.name,
        description: p.description,
        type: p.type,
        activityType: p.activity_type,
        categoryType: p.category_type,
        ageCategory: p.age_category,
        ageMin: p.age_min,
        ageMax: p.age_max,
        genders: p.genders,
        membersLimit: p.members_limit,
        waitlist: p.waitlist,
        location: p.location,
        coachIds: p.coach_ids,
        pointsPerSession: p.points_per_session,
      },
      schedule: {
        cycleStart: p.start_date,
        cycleEnd: p.end_date,
        sessions: p.sessions.map((s) => ({ day: s.week_day as Weekday, startTime: s.start_time, endTime: s.end_time })),
      },
    }));

export type ProgramInput = { details: ProgramDetails; schedule: ProgramScheduleInput };

/**
 * The same fields and checks with the rules the caller knows, answering the fields themselves (snake
 * case, defaults filled): the /api rows validate bodies with it before the decider checks them again
 * with the organization's rules, as `programSchema`.
 */
export const programBodySchema = (rules: ProgramRules = {}) =>
  programFields.superRefine((p, ctx) => {
    for (const issue of programIssues(p, rules)) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });

/**
 * The builder form's schema (decision 049): the same fields and checks as `programBodySchema`, with
 * `waitlist` posted by a select as "true" or "false" (an unchecked checkbox posts nothing, which the
 * body's schema reads as its default, yes).
 */
export const programFormSchema = (rules: ProgramRules = {}) =>
  programFields
    .extend({ waitlist: z.enum(["true", "false"], { error: "Choose what happens when the program is full" }).transform((v) => v === "true") })
    .superRefine((p, ctx) => {
      for (const issue of programIssues(p, rules)) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    });

/** POST /api/program/{id}/copy: the copy's name (default 'Copy of {name}'), nothing else needed. */
export const copyProgramBody = z.object({
  command_id: z.unknown().optional(),
  name: z.string({ error: "Name must be text" }).trim().min(1, { error: requiredMessage("name") }).max(PROGRAM_LIMITS.name).optional(),
});

/** POST /api/program/{id}/registration */
export const registrationBody = z.object({ command_id: z.unknown().optional(), participant_id: participantIdSchema });

const pageNumber = (field: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${labelOf(field)} must be a whole number` })
    .int({ error: `${labelOf(field)} must be a whole number` })
    .min(0, { error: `${labelOf(field)} must be at least 0` })
    .max(max, { error: `${labelOf(field)} must be at most ${max}` })
    .optional()
    .transform((v) => v ?? fallback);

export const PROGRAM_SORTS = ["created_date", "name", "start_date", "type"] as const;

/** GET /api/program: search on the name, sort ('name', '-name', 'start_date desc' ...), page, size, status. */
export const programListQuery = z.object({
  search: z.string().trim().max(200, { error: "Search must be at most 200 characters" }).optional().transform((v) => v ?? ""),
  sort: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? "created_date desc").trim();
      const m = /^(-)?([a-z_]+)(?:[ ,:](asc|desc))?$/i.exec(raw);
      const field = m?.[2]?.toLowerCase();
      if (!m || !PROGRAM_SORTS.includes(field as (typeof PROGRAM_SORTS)[number])) {
        ctx.addIssue({ code: "custom", message: `Sort must be one of ${PROGRAM_SORTS.join(", ")}, optionally with asc or desc` });
        return z.NEVER;
      }
      const desc = m[1] === "-" || m[3]?.toLowerCase() === "desc";
      return { field: field as (typeof PROGRAM_SORTS)[number], desc };
    }),
  page: pageNumber("page", 0, 100000),
  size: pageNumber("size", 10, 1000),
  status: z.enum(["active", "archived", "all"], { error: "Status must be active, archived or all" }).optional().transform((v) => v ?? "active"),
});
export type ProgramListQuery = z.output<typeof programListQuery>;

/** Data of the builder's commands: the raw fields (checked by the decider against the rules it is given). */
export type BuildProgram = Command<"BuildProgram", { programId: string; organizationId: string; input: unknown; rules: ProgramRules; copiedFrom?: string | null }>;
export type EditProgram = Command<"EditProgram", { programId: string; input: unknown; rules: ProgramRules; today: string }>;
export type ArchiveProgram = Command<"ArchiveProgram", { programId: string; today: string }>;
export type DeleteProgram = Command<"DeleteProgram", { programId: string; today: string }>;

/** What a registration is decided with, read by the handler from the participant's and ledger streams. */
export type RegistrationFacts = {
  /** the participant's age on the program's first day (or today when it has started); null: no date of birth */
  age: number | null;
  gender: string | null;
  /** places held in other programs of the cycle; and the organization's max_no_of_programs (0: no limit) */
  placesThisCycle: number;
  maxPrograms: number;
};

export type CreateProgram = Command<"CreateProgram", CreateProgramInput>;
export type RegisterParticipantToProgram = Command<"RegisterParticipantToProgram", { programId: string; participantId: string; facts?: RegistrationFacts }>;
export type UnregisterParticipantFromProgram = Command<"UnregisterParticipantFromProgram", { programId: string; participantId: string }>;

export type ProgramCommand = CreateProgram | BuildProgram | EditProgram | ArchiveProgram | DeleteProgram | RegisterParticipantToProgram | UnregisterParticipantFromProgram;
