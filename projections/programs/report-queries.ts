import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** One person of a program's report: their marks of the sessions up to today (decision 050). */
export type ReportMarks = {
  participant_id: string;
  drop_in: boolean;
  /** present + late */
  attended: number;
  absent: number;
  excused: number;
  /** the sessions they joined as a drop-in (0 for a registered member) */
  dropped_in: number;
};

/**
 * A page of a program's report: the members registered now (in the order they registered), then the
 * drop-ins who attended at least once and are not registered (by participant id), each with their marks'
 * counts of the sessions up to `today`. One statement: the marks are grouped once per program
 * (the attendance table's primary key starts with the program), not per person.
 */
export async function programReportMarks(db: Kysely<ReadModels>, organizationId: string, programId: string, today: string, page: number, size: number) {
  const people = sql<ReportMarks & { total: number }>`
    with marks as (
      select participant_id,
        count(*) filter (where status in ('present', 'late'))::int as attended,
        count(*) filter (where status = 'absent')::int as absent,
        count(*) filter (where status = 'excused')::int as excused
      from rm_program_attendance
      where program_id = ${programId} and organization_id = ${organizationId} and session_date <= ${today}
      group by participant_id
    ), drops as (
      select participant_id, count(*)::int as dropped_in
      from rm_program_drop_ins
      where program_id = ${programId} and organization_id = ${organizationId} and session_date <= ${today}
      group by participant_id
    ), people as (
      select r.participant_id, false as drop_in, 0 as ord, r.registered_at as at
      from rm_program_registrations r
      where r.program_id = ${programId} and r.organization_id = ${organizationId}
      union all
      select d.participant_id, true, 1, null
      from drops d join marks m using (participant_id)
      where m.attended > 0
        and not exists (select 1 from rm_program_registrations r where r.program_id = ${programId} and r.participant_id = d.participant_id)
    )
    select p.participant_id, p.drop_in,
      coalesce(m.attended, 0) as attended, coalesce(m.absent, 0) as absent, coalesce(m.excused, 0) as excused,
      coalesce(d.dropped_in, 0) as dropped_in,
      count(*) over ()::int as total
    from people p left join marks m using (participant_id) left join drops d using (participant_id)
    order by p.ord, p.at, p.participant_id
    limit ${size} offset ${page * size}`;
  const rows = (await people.execute(db)).rows;
  const count = rows[0]?.total ?? (page > 0 ? await programReportCount(db, organizationId, programId, today) : 0);
  return { rows: rows.map(({ total: _total, ...r }) => r), count };
}

/** The report's row count alone (a page past the last one). */
async function programReportCount(db: Kysely<ReadModels>, organizationId: string, programId: string, today: string): Promise<number> {
  const result = await sql<{ n: number }>`
    select (select count(*) from rm_program_registrations where program_id = ${programId} and organization_id = ${organizationId})::int
      + (select count(distinct d.participant_id) from rm_program_drop_ins d
          where d.program_id = ${programId} and d.organization_id = ${organizationId} and d.session_date <= ${today}
            and exists (select 1 from rm_program_attendance a where a.program_id = d.program_id and a.participant_id = d.participant_id
              and a.session_date <= ${today} and a.status in ('present', 'late'))
            and not exists (select 1 from rm_program_registrations r where r.program_id = d.program_id and r.participant_id = d.participant_id))::int as n`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** A program of the summary page and its figures from the read model (decision 050). */
export type SummaryProgram = {
  id: string;
  name: string;
  genders: string[];
  age_category: string;
  activity_type: string;
  category_type: string;
  members_limit: number | null;
  start_date: string;
  archived_on: string | null;
  registrants: number;
  /** distinct participants marked present or late at least once */
  attendees: number;
  absent_marks: number;
  /** present + late marks */
  attended_marks: number;
  /** (session, participant) pairs on a roster besides the registered members: drop-ins and earlier members marked */
  extra_roster: number;
};

/**
 * The organization's programs by name, a page of them, with their figures up to `today`: set-based, grouped
 * by program. `programId` narrows it to one program (its report page's figures, decision 054).
 */
export async function programSummaryPage(db: Kysely<ReadModels>, organizationId: string, today: string, page: number, size: number, programId: string | null = null) {
  const result = await sql<SummaryProgram & { total: number }>`
    with page as (
      select p.id, p.name, p.genders, p.age_category, p.activity_type, p.category_type, p.members_limit, p.start_date, p.archived_on,
        count(*) over ()::int as total
      from rm_programs p
      where p.organization_id = ${organizationId} and (${programId}::text is null or p.id = ${programId})
      order by lower(p.name), p.id
      limit ${size} offset ${page * size}
    ), regs as (
      select r.program_id, count(*)::int as registrants
      from rm_program_registrations r join page on page.id = r.program_id
      group by r.program_id
    ), marks as (
      -- each participant's tally of the program (decision 057): marks are never after the day they are taken
      select x.program_id,
        count(*) filter (where x.attended > 0)::int as attendees,
        sum(x.absent)::int as absent_marks,
        sum(x.attended)::int as attended_marks,
        (sum(x.marked) filter (where r.participant_id is null))::int as extra_marked
      from rm_program_person_tallies x join page on page.id = x.program_id
      left join rm_program_registrations r on r.program_id = x.program_id and r.participant_id = x.participant_id
      group by x.program_id
    ), extra as (
      -- a drop-in's session without a mark (a marked one is counted with the marks)
      select d.program_id, count(*)::int as extra_roster
      from rm_program_drop_ins d join page on page.id = d.program_id
      where d.session_date <= ${today}
        and not exists (select 1 from rm_program_registrations r where r.program_id = d.program_id and r.participant_id = d.participant_id)
        and not exists (select 1 from rm_program_attendance a where a.program_id = d.program_id and a.session_date = d.session_date
          and a.start_time = d.start_time and a.participant_id = d.participant_id)
      group by d.program_id
    )
    select page.*, coalesce(regs.registrants, 0) as registrants,
      coalesce(marks.attendees, 0) as attendees, coalesce(marks.absent_marks, 0) as absent_marks,
      coalesce(marks.attended_marks, 0) as attended_marks,
      coalesce(marks.extra_marked, 0) + coalesce(extra.extra_roster, 0) as extra_roster
    from page left join regs on regs.program_id = page.id left join marks on marks.program_id = page.id
      left join extra on extra.program_id = page.id
    order by lower(page.name), page.id`.execute(db);
  const rows = result.rows;
  const count = rows[0]?.total ?? (page > 0 ? await programCount(db, organizationId) : 0);
  return { rows: rows.map(({ total: _total, ...r }) => r), count };
}

async function programCount(db: Kysely<ReadModels>, organizationId: string): Promise<number> {
  const row = await db.selectFrom("rm_programs").where("organization_id", "=", organizationId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Each program's registered participant ids (for the mean age, read with the participants' dates of birth). */
export async function registeredIdsOf(db: Kysely<ReadModels>, organizationId: string, programIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (programIds.length === 0) return out;
  const rows = await db
    .selectFrom("rm_program_registrations")
    .where("organization_id", "=", organizationId)
    .where("program_id", "in", [...programIds])
    .select(["program_id", "participant_id"])
    .execute();
  for (const r of rows) out.set(r.program_id, [...(out.get(r.program_id) ?? []), r.participant_id]);
  return out;
}

/**
 * Each program's registered members' dates of birth (for the summary's mean age): one light statement,
 * the registrations hash-joined to the organization's participants (decision 054; loading the whole
 * participant rows of a page's registrants cost more than the figures themselves).
 */
export async function registeredDobsOf(db: Kysely<ReadModels>, organizationId: string, programIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (programIds.length === 0) return out;
  const result = await sql<{ program_id: string; dob: string }>`
    with regs as materialized (
      select program_id, participant_id from rm_program_registrations
      where organization_id = ${organizationId} and program_id in (${sql.join([...programIds])})
    ), people as materialized (
      -- the ids differ in type (uuid and text): both sides are materialized, then hash-joined on text
      select id::text as id, dob from rm_participants where organization_id = ${organizationId}
    )
    select regs.program_id, people.dob from regs join people on people.id = regs.participant_id`.execute(db);
  for (const r of result.rows) {
    const list = out.get(r.program_id);
    if (list) list.push(r.dob);
    else out.set(r.program_id, [r.dob]);
  }
  return out;
}
