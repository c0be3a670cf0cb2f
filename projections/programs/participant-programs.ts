import { sql, type Kysely } from "kysely";
import { formatTime, weekdayOf, type ProgramType, type Weekday } from "../../modules/programs";
import type { ReadModels } from "../read-models";

/** A program as a participant's profile lists it: its schedule, and whether they are registered to it. */
export type ParticipantProgram = {
  id: string;
  name: string;
  type: ProgramType;
  schedule_kind: "weekly" | "dates";
  /** weekly: the weekdays, 0 Sunday ... 6 Saturday */
  days: Weekday[];
  /** dates: the days 'YYYY-MM-DD' */
  dates: string[];
  start_date: string;
  end_date: string;
  start_label: string;
  end_label: string;
  location: string | null;
  /** false: a drop-in program, open to every member without registration (decision 009) */
  registered: boolean;
};

/**
 * The programs a participant is registered to, and every drop-in program of the organization (open to
 * every member, decision 009), ordered by first day, start time and name. One query; the profile's
 * Programs tab lists them and its Visits tab names, for each visit's day, those that met that day.
 */
export async function programsOfParticipant(db: Kysely<ReadModels>, organizationId: string, participantId: string): Promise<ParticipantProgram[]> {
  const registered = sql<boolean>`exists (
    select 1 from rm_program_registrations r where r.program_id = p.id and r.participant_id = ${participantId}
  )`;
  const rows = await db
    .selectFrom("rm_programs as p")
    .select(["p.id", "p.name", "p.type", "p.schedule_kind", "p.days", "p.dates", "p.start_date", "p.end_date", "p.start_time", "p.end_time", "p.location"])
    .select(registered.as("registered"))
    .where("p.organization_id", "=", organizationId)
    .where((eb) => eb.or([eb("p.type", "=", "dropin"), registered]))
    .orderBy("p.start_date")
    .orderBy("p.start_time")
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  return rows.map(({ start_time, end_time, ...row }) => ({ ...row, start_label: formatTime(start_time), end_label: formatTime(end_time) }));
}

/** Whether a program of that list meets on `date` ('YYYY-MM-DD', the organization's day), as `programsOn` decides it in SQL. */
export function meetsOn(program: Pick<ParticipantProgram, "schedule_kind" | "days" | "dates" | "start_date" | "end_date">, date: string): boolean {
  if (date < program.start_date || date > program.end_date) return false;
  return program.schedule_kind === "weekly" ? program.days.includes(weekdayOf(date)) : program.dates.includes(date);
}
