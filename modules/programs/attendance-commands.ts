import { z } from "zod";
import type { Command } from "../kernel";
import { requiredMessage } from "../organizations";
import { ATTENDANCE_STATUSES, type AttendanceStatus } from "./attendance-events";
import { isIsoDate, isTime } from "./schedule";
import type { SchedulePlan } from "./sessions";

export const ATTENDANCE_LIMITS = { marks: 500, note: 500 } as const;
export const ATTENDANCE_MESSAGES = {
  status: `Status must be ${ATTENDANCE_STATUSES.slice(0, -1).join(", ")} or ${ATTENDANCE_STATUSES[ATTENDANCE_STATUSES.length - 1]}`,
  noMarks: "Marks must list at least one participant",
  tooMany: `Marks can list at most ${ATTENDANCE_LIMITS.marks} participants at once`,
  twice: "Marks: each participant can be marked once per request",
  dropIn: "Participant or Member ID is required",
} as const;

const blank = (input: unknown) => input === undefined || input === null || input === "";

const markSchema = z.object({
  participant_id: z.string({ error: requiredMessage("participant_id", "Participant") }).trim().min(1, { error: requiredMessage("participant_id", "Participant") }),
  status: z.enum(ATTENDANCE_STATUSES, { error: (issue) => (blank(issue.input) ? requiredMessage("status") : ATTENDANCE_MESSAGES.status) }),
  note: z
    .string({ error: "Note must be text" })
    .trim()
    .max(ATTENDANCE_LIMITS.note, { error: `Note must be at most ${ATTENDANCE_LIMITS.note} characters` })
    .nullish()
    .transform((v) => v || null),
});

/** PUT /api/program/{id}/session/{date}/{start}/attendance: every mark of one command, all or nothing. */
export const attendanceBody = z.object({
  command_id: z.unknown().optional(),
  marks: z
    .array(markSchema, { error: ATTENDANCE_MESSAGES.noMarks })
    .min(1, { error: ATTENDANCE_MESSAGES.noMarks })
    .max(ATTENDANCE_LIMITS.marks, { error: ATTENDANCE_MESSAGES.tooMany })
    .refine((marks) => new Set(marks.map((m) => m.participant_id)).size === marks.length, { error: ATTENDANCE_MESSAGES.twice }),
});
export type AttendanceBody = z.input<typeof attendanceBody>;

/** POST /api/program/{id}/session/{date}/{start}/drop-in: the participant by id or by Member ID. */
export const dropInBody = z
  .object({
    command_id: z.unknown().optional(),
    participant_id: z.string({ error: "Participant must be text" }).trim().optional(),
    member_id: z.string({ error: "Member ID must be text" }).trim().optional(),
  })
  .refine((b) => !!b.participant_id || !!b.member_id, { error: ATTENDANCE_MESSAGES.dropIn, path: ["participant_id"] });

/** GET /api/program/{id}/sessions: from and to, 'YYYY-MM-DD' (default: eight weeks back to today). */
export const sessionsQuery = z
  .object({
    from: z.string().trim().optional().refine((v) => v === undefined || isIsoDate(v), { error: "From must be a date like 2026-11-23" }),
    to: z.string().trim().optional().refine((v) => v === undefined || isIsoDate(v), { error: "To must be a date like 2026-11-23" }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "To must be on or after From", path: ["to"] });
export type SessionsQuery = z.output<typeof sessionsQuery>;

/** The session a call names in its path: the date and start time must look right before anything is read. */
export const sessionPathSchema = z.object({
  date: z.string().refine(isIsoDate, { error: "Date must be a date like 2026-11-23" }),
  start: z.string().refine(isTime, { error: "Start must be a time like 15:30" }),
});

/**
 * What a session's decisions need from outside its stream, read by the handler: the program's schedule
 * versions and registrations (its stream), the organization's today, and which of the command's
 * participants belong to the program's organization.
 */
export type SessionFacts = {
  organizationId: string;
  today: string;
  plans: readonly SchedulePlan[];
  /** no sessions after this day (archived program) */
  archivedOn: string | null;
  /** registered to the program now */
  registered: readonly string[];
  /** the command's participants that are the organization's (from their streams) */
  inOrganization: readonly string[];
};

type SessionIds = { programId: string; date: string; startTime: string };
export type MarkAttendance = Command<"MarkAttendance", SessionIds & { input: unknown; facts: SessionFacts }>;
export type AddDropIn = Command<"AddDropIn", SessionIds & { participantId: string; facts: SessionFacts }>;
export type AttendanceCommand = MarkAttendance | AddDropIn;

export type AttendanceMark = { participant_id: string; status: AttendanceStatus; note: string | null };
