import { CompiledQuery, type Kysely } from "kysely";
import { formatTime, isIsoDate, type ProgramType } from "../../modules/programs";
import type { ReadModels } from "../read-models";
import { invalidDate, type ProgramOnDay, type ProgramWithParticipants } from "./queries";

/**
 * THE answer to "which are this member's programs on day D" (docs/decisions/038), as one SQL text that
 * the board, the participant dialog and the check-in CSV all run: the programs of the organization that
 * meet on D (weekly: D within its first and last day and on one of its weekdays, 0 Sunday as in
 * `weekdayOf`; dates: D listed) and that the member is registered to, whatever their type. A drop-in
 * program open to all is not a member's program until they register to it. Sorted by start time, end
 * time, name, id. The three arguments are SQL expressions (a parameter, or a column of the caller's row):
 * the organization id as text, the participant id as text and D as 'YYYY-MM-DD' text.
 */
export function memberProgramsSql(organizationId: string, participantId: string, day: string): string {
  return `
    select p.id, p.name, p.type, p.start_date, p.end_date, p.start_time, p.end_time, p.location
      from rm_program_registrations r
      join rm_programs p on p.id = r.program_id and p.organization_id = r.organization_id
     where r.organization_id = ${organizationId} and r.participant_id = ${participantId}
       and p.start_date <= ${day} and p.end_date >= ${day}
       and ((p.schedule_kind = 'weekly' and extract(dow from (${day})::date)::int = any(p.days))
         or (p.schedule_kind = 'dates' and (${day})::text = any(p.dates)))
     order by p.start_time, p.end_time, p.name, p.id`;
}

/** The same list as one CSV cell: the names, in the list's order, joined by ', ' ('' for none). */
export function memberProgramNamesSql(organizationId: string, participantId: string, day: string): string {
  return `coalesce((select string_agg(m.name, ', ') from (${memberProgramsSql(organizationId, participantId, day)}) m), '')`;
}

type Row = Omit<ProgramOnDay, "start_label" | "end_label">;
const labelled = (row: Row): ProgramOnDay => ({ ...row, type: row.type as ProgramType, start_label: formatTime(row.start_time), end_label: formatTime(row.end_time) });

/** A member's programs on `date` ('YYYY-MM-DD', the organization's day): the participant dialog's list. */
export async function memberProgramsOn(db: Kysely<ReadModels>, organizationId: string, participantId: string, date: string): Promise<ProgramOnDay[]> {
  if (!isIsoDate(date)) throw invalidDate();
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(memberProgramsSql("$1::text", "$2::text", "$3::text"), [organizationId, participantId, date]));
  return rows.map(labelled);
}

/**
 * The programs on `date` that are some member's program that day, each with those members' ids (in the
 * order they registered): the board's Programs column, for the rows it loaded and the rows that arrive
 * live. Each member's list is `memberProgramsSql`'s, run for every registered member of the organization.
 */
export async function programsWithMembersOn(db: Kysely<ReadModels>, organizationId: string, date: string): Promise<ProgramWithParticipants[]> {
  if (!isIsoDate(date)) throw invalidDate();
  const { rows } = await db.executeQuery<Row & { participant_id: string }>(
    CompiledQuery.raw(
      `select m.*, reg.participant_id
         from (select participant_id, min(registered_at) as first_at from rm_program_registrations where organization_id = $1::text group by participant_id) reg
         cross join lateral (${memberProgramsSql("$1::text", "reg.participant_id", "$2::text")}) m
        order by m.start_time, m.end_time, m.name, m.id, reg.first_at, reg.participant_id`,
      [organizationId, date],
    ),
  );
  const byProgram = new Map<string, ProgramWithParticipants>();
  for (const { participant_id, ...program } of rows) {
    const found = byProgram.get(program.id) ?? { ...labelled(program), participant_ids: [] };
    found.participant_ids.push(participant_id);
    byProgram.set(program.id, found);
  }
  return [...byProgram.values()];
}
