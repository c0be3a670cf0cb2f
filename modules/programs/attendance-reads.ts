import { applyFieldPolicy, fieldRoleOfAuth, type Auth, type Services } from "../identity";
import { validationError } from "../kernel";
import { startOfDayIn, timeZoneOf, todayIn } from "../organizations";
import { visitsOfParticipants } from "../../projections/check-in";
import { namedPeopleByIds } from "../../projections/participants";
import { attendanceBetween, sessionAttendance } from "../../projections/programs";
import { sessionPathSchema, sessionsQuery } from "./attendance-commands";
import { sessionNotFound } from "./attendance-decide";
import type { AttendanceStatus } from "./attendance-events";
import { programNotFound, type CreatedProgram } from "./decide";
import { loadProgram } from "./handlers";
import { addDays } from "./schedule";
import { sessionsBetween, sessionsOn } from "./sessions";

/** the sessions list's default range: eight weeks back to today; at most a year and a bit at once */
const DEFAULT_WEEKS = 8;
const MAX_DAYS = 400;

/** The caller's organization's program, from its stream (schedule versions, registrations); 404 otherwise. */
export async function programIn(services: Services, auth: Auth, programId: string | undefined): Promise<CreatedProgram> {
  const program = programId ? await loadProgram(services.store, programId) : null;
  if (!program || program.organizationId !== auth.organization.id) throw programNotFound();
  return program;
}

export function pathOf(params: { date?: string; start?: string }) {
  const parsed = sessionPathSchema.safeParse({ date: params.date ?? "", start: params.start ?? "" });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const zoneOf = (auth: Auth) => timeZoneOf(auth.organization.settings);
/** 'HH:mm' on a day of the organization as an instant (the day's midnight plus the wall-clock minutes). */
const at = (timeZone: string, date: string, time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return new Date(startOfDayIn(timeZone, date).getTime() + (h * 60 + m) * 60_000);
};

/** Rows by their session ('date start'). */
function groupBySession<R extends { session_date: string; start_time: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const key = `${r.session_date} ${r.start_time}`;
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}

/** GET /api/program/{id}/sessions?from&to: the sessions met or to meet, newest first, with their counts. */
export async function programSessionsCall(services: Services, auth: Auth, programId: string | undefined, query: unknown) {
  const parsed = sessionsQuery.safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const program = await programIn(services, auth, programId);
  const today = todayIn(zoneOf(auth), services.clock.now());
  const to = parsed.data.to ?? today;
  let from = parsed.data.from ?? addDays(to, -(DEFAULT_WEEKS * 7 - 1));
  if (addDays(from, MAX_DAYS) < to) from = addDays(to, -MAX_DAYS);
  const sessions = sessionsBetween(program.programId, program.plans, from, to, program.archivedOn);
  const { marks, dropIns } = await attendanceBetween(services.db, auth.organization.id, program.programId, from, to);
  const registered = new Set(program.participantIds);
  const marksOf = groupBySession(marks);
  const dropInsOf = groupBySession(dropIns);
  const data = sessions.reverse().map((s) => {
    const mine = marksOf.get(`${s.date} ${s.startTime}`) ?? [];
    const count = (status: AttendanceStatus) => mine.filter((m) => m.status === status).length;
    const roster = new Set([...registered, ...(dropInsOf.get(`${s.date} ${s.startTime}`) ?? []).map((d) => d.participant_id), ...mine.map((m) => m.participant_id)]);
    return {
      date: s.date,
      week_day: s.day,
      start_time: s.startTime,
      end_time: s.endTime,
      can_take_attendance: s.date <= today,
      roster_count: roster.size,
      present: count("present"),
      late: count("late"),
      absent: count("absent"),
      excused: count("excused"),
      unmarked: roster.size - mine.length,
    };
  });
  return { data, count: data.length, additional_info: { from, to, today } };
}

/** GET /api/program/{id}/session/{date}/{start}/attendance: registered members and drop-ins, each with their mark and whether they are checked in. */
export async function sessionRosterCall(services: Services, auth: Auth, programId: string | undefined, params: { date?: string; start?: string }) {
  const { date, start } = pathOf(params);
  const program = await programIn(services, auth, programId);
  const session = sessionsOn(program.programId, program.plans, date, program.archivedOn).find((s) => s.startTime === start);
  if (!session) throw sessionNotFound(date, start);
  const orgId = auth.organization.id;
  const { marks, dropIns } = await sessionAttendance(services.db, orgId, program.programId, date, start);
  const ids = [...new Set([...program.participantIds, ...dropIns.map((d) => d.participant_id), ...marks.map((m) => m.participant_id)])];
  const timeZone = zoneOf(auth);
  const [people, visits] = await Promise.all([
    namedPeopleByIds(services.db, orgId, ids),
    visitsOfParticipants(services.db, orgId, ids, { start: startOfDayIn(timeZone, date).toISOString(), end: at(timeZone, date, session.endTime).toISOString() }, 5000),
  ]);
  // a visit overlaps the session: it began before the session's end (the range) and had not ended by its start
  const begins = at(timeZone, date, session.startTime).getTime();
  const checkedIn = new Set(visits.filter((v) => v.check_out_time === null || Date.parse(v.check_out_time) > begins).map((v) => v.participant_id));
  const markOf = new Map(marks.map((m) => [m.participant_id, m]));
  const dropInIds = new Set(dropIns.map((d) => d.participant_id));
  const role = fieldRoleOfAuth(auth);
  const data = people.map((p) => {
    const mark = markOf.get(p.id);
    const checked = checkedIn.has(p.id);
    return {
      participant: applyFieldPolicy(role, { participant_id: p.id, member_id: p.member_id, first_name: p.first_name, last_name: p.last_name, full_name: p.full_name }),
      registered: program.participantIds.includes(p.id),
      drop_in: dropInIds.has(p.id),
      attendance: mark?.status ?? null,
      note: mark?.note ?? null,
      marked_by: mark?.marked_by ?? null,
      marked_at: mark?.marked_at ?? null,
      checked_in: checked,
      offered: mark ? null : checked ? ("present" as const) : null,
    };
  });
  const today = todayIn(timeZone, services.clock.now());
  return {
    session: { program_id: program.programId, name: program.details.name, date, week_day: session.day, start_time: session.startTime, end_time: session.endTime, can_take_attendance: date <= today },
    data,
    count: data.length,
  };
}
