import { z } from "zod";
import type { Command } from "../kernel";
import { requiredMessage } from "../organizations";
import { isIsoDate, isTime, PROGRAM_TYPES, type ProgramSchedule, type ProgramType, type Weekday } from "./schedule";

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

export type CreateProgram = Command<"CreateProgram", CreateProgramInput>;
export type RegisterParticipantToProgram = Command<"RegisterParticipantToProgram", { programId: string; participantId: string }>;
export type UnregisterParticipantFromProgram = Command<"UnregisterParticipantFromProgram", { programId: string; participantId: string }>;

export type ProgramCommand = CreateProgram | RegisterParticipantToProgram | UnregisterParticipantFromProgram;
