import { sql, type Kysely } from "kysely";
import { DomainError } from "../../modules/kernel";
import { formatTime, isIsoDate, weekdayOf, type ProgramType } from "../../modules/programs";
import type { ReadModels } from "../read-models";

/** A program that meets on the day asked for, as the participant dialog lists it. */
export type ProgramOnDay = {
  id: string;
  name: string;
  type: ProgramType;
  /** the program's first and last day, 'YYYY-MM-DD' (spec-1 section 3, programs_and_events) */
  start_date: string;
  end_date: string;
  /** 'HH:mm' */
  start_time: string;
  end_time: string;
  /** the times as the screens show them, h:mm A: '3:30 PM' */
  start_label: string;
  end_label: string;
  location: string | null;
};

export type ProgramForParticipant = ProgramOnDay & {
  /** true when the participant is registered; false for a drop-in program they are not registered to */
  registered: boolean;
};

export const invalidDate = () => new DomainError("VALIDATION", "Date must be a date like 2026-11-23", 400);

/** The programs of an organization that meet on `date`, by weekday and range or by listed date. */
const meetingOn = (db: Kysely<ReadModels>, organizationId: string, date: string) =>
  db
    .selectFrom("rm_programs as p")
    .select(["p.id", "p.name", "p.type", "p.start_date", "p.end_date", "p.start_time", "p.end_time", "p.location"])
    .where("p.organization_id", "=", organizationId)
    .where("p.start_date", "<=", date)
    .where("p.end_date", ">=", date)
    .where((eb) =>
      eb.or([
        eb.and([eb("p.schedule_kind", "=", "weekly"), sql<boolean>`${weekdayOf(date)}::int = any(p.days)`]),
        eb.and([eb("p.schedule_kind", "=", "dates"), sql<boolean>`${date}::text = any(p.dates)`]),
      ]),
    )
    .orderBy("p.start_time")
    .orderBy("p.end_time")
    .orderBy("p.name")
    .orderBy("p.id");

type Row = Omit<ProgramOnDay, "start_label" | "end_label">;
const labelled = <R extends Row>(row: R): R & Pick<ProgramOnDay, "start_label" | "end_label"> => ({
  ...row,
  start_label: formatTime(row.start_time),
  end_label: formatTime(row.end_time),
});

/**
 * Every program of the organization that meets on `date` ('YYYY-MM-DD', the organization's day: see
 * `todayIn`), sorted by start time. A malformed date is refused (400 VALIDATION).
 */
export async function programsOn(db: Kysely<ReadModels>, organizationId: string, date: string): Promise<ProgramOnDay[]> {
  if (!isIsoDate(date)) throw invalidDate();
  return (await meetingOn(db, organizationId, date).execute()).map(labelled);
}

/**
 * 'Registered to Today's Programs' (spec-1 section 2): the programs meeting on `date` that the
 * participant is registered to, plus every drop-in program of the organization (a drop-in program is
 * open to every member without registration), sorted by start time.
 */
export async function programsForParticipantOn(
  db: Kysely<ReadModels>,
  organizationId: string,
  participantId: string,
  date: string,
): Promise<ProgramForParticipant[]> {
  if (!isIsoDate(date)) throw invalidDate();
  const registered = sql<boolean>`exists (
    select 1 from rm_program_registrations r where r.program_id = p.id and r.participant_id = ${participantId}
  )`;
  const rows = await meetingOn(db, organizationId, date)
    .select(registered.as("registered"))
    .where((eb) => eb.or([eb("p.type", "=", "dropin"), registered]))
    .execute();
  return rows.map(labelled);
}

/** The ids of the participants registered to a program, in the order they registered. */
export async function programParticipantIds(db: Kysely<ReadModels>, organizationId: string, programId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("rm_program_registrations")
    .select("participant_id")
    .where("organization_id", "=", organizationId)
    .where("program_id", "=", programId)
    .orderBy("registered_at")
    .orderBy("participant_id")
    .execute();
  return rows.map((r) => r.participant_id);
}

/** A program meeting on a day with the participants registered to it (for the board's Programs column). */
export type ProgramWithParticipants = ProgramOnDay & { participant_ids: string[] };

/**
 * The programs meeting on `date` with their registered participants' ids: the board shows each member's
 * programs from this one list, for the rows it loaded and for every row that arrives live.
 */
export async function programsWithParticipantsOn(db: Kysely<ReadModels>, organizationId: string, date: string): Promise<ProgramWithParticipants[]> {
  if (!isIsoDate(date)) throw invalidDate();
  const ids = sql<string[]>`array(select r.participant_id from rm_program_registrations r where r.program_id = p.id order by r.registered_at, r.participant_id)`;
  const rows = await meetingOn(db, organizationId, date).select(ids.as("participant_ids")).execute();
  return rows.map(labelled);
}
