import { z } from "zod";
import { applyFieldPolicy, fieldRoleOfAuth, type Auth, type FieldRole, type Services } from "../identity";
import { validationError } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { ageOn, postalCodeOf } from "../participants";
import { usernamesOf } from "../../projections/identity";
import { participantRowsByIds } from "../../projections/participants";
import { attendancePointsOf } from "../../projections/points";
import { programReportMarks } from "../../projections/programs";
import { programIn } from "./attendance-reads";
import type { CreatedProgram } from "./decide";
import { sessionsBetween } from "./sessions";

const whole = (field: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} must be at least 0` })
    .max(max, { error: `${field} must be at most ${max}` })
    .optional()
    .transform((v) => v ?? fallback);

/** ?page&size of the program reports (decision 050): page from 0, size at most 1,000 (default 1,000). */
export const programReportQuery = z.object({ page: whole("Page", 0, 100000), size: whole("Size", 1000, 1000) });
export type ProgramReportQuery = z.output<typeof programReportQuery>;

export function parseReportQuery(query: unknown): ProgramReportQuery {
  const parsed = programReportQuery.safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The percentage of the sessions counted (one decimal, at most 100); 0 when none are counted. */
export function attendancePercentage(attended: number, counted: number): number {
  if (counted <= 0) return 0;
  return Math.min(100, Math.round((attended / counted) * 1000) / 10);
}

/** The forward sortation area: the first three characters of the postal code, '' when none is known. */
export const fsaOf = (address: string) => postalCodeOf(address).slice(0, 3);

/** Who reads a report: the organization, its today, and the reader's role (the field policy of decision 027). */
export type ReportViewer = { organizationId: string; today: string; role: FieldRole };

/** The sessions of a program met up to `today` (decision 050). */
export function sessionsToDateOf(program: CreatedProgram, today: string): number {
  const first = program.plans.reduce((min, p) => (p.cycleStart < min ? p.cycleStart : min), today);
  return sessionsBetween(program.programId, program.plans, first, today, program.archivedOn).length;
}

/**
 * One page of a program's report rows (spec-2 section 3, 'Program report row'; decision 050): one row per
 * member registered now and per drop-in who attended, the person through the reader's field policy, and
 * the attendance of the program's sessions up to today. Present and late count as attended; an excused
 * session leaves the denominator (a drop-in's denominator is the sessions they joined). The call and the
 * CSV export (decision 054) both read it.
 */
export async function programReportPage(db: Services["db"], viewer: ReportViewer, program: CreatedProgram, page: number, size: number) {
  const { organizationId: orgId, today, role } = viewer;
  const sessions = sessionsToDateOf(program, today);
  const { rows, count } = await programReportMarks(db, orgId, program.programId, today, page, size);
  const people = new Map((await participantRowsByIds(db, orgId, rows.map((r) => r.participant_id))).map((p) => [p.id, p]));
  const usernames = await usernamesOf(db, orgId, [...people.values()].flatMap((p) => (p.user_id ? [p.user_id] : [])));
  // what the ledger holds from this program's sessions (a reversed award not counted), not attended x points now
  const earned = await attendancePointsOf(db, orgId, [...people.keys()], { kind: "session", programId: program.programId });
  const onDay = new Date(`${today}T12:00:00Z`);
  const data = rows.flatMap((r) => {
    const p = people.get(r.participant_id);
    if (!p) return [];
    const person = applyFieldPolicy(role, {
      participant_id: p.id,
      member_id: p.member_id,
      username: (p.user_id && usernames.get(p.user_id)) || "",
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      contact_name: p.contact_name,
      phone_number: p.phone_number,
      gender: p.gender,
      // not collected yet (the participant record has no such fields): '' until they are
      specific_gender: "",
      household_income: "",
      race: "",
      specific_race: "",
      medical_conditions: p.medical_conditions,
      fsa: fsaOf(p.address),
      age: ageOn(p.dob, onDay),
    });
    const counted = (r.drop_in ? r.dropped_in : sessions) - r.excused;
    return [
      {
        program_id: program.programId,
        ...person,
        points: earned.get(r.participant_id) ?? 0,
        program_name: program.details.name,
        drop_in: r.drop_in,
        sessions,
        attendance_count: r.attended,
        attendance_percentage: attendancePercentage(r.attended, counted),
        absent_count: r.absent,
        excused_count: r.excused,
      },
    ];
  });
  return { data, count, sessions };
}
export type ProgramReportRow = Awaited<ReturnType<typeof programReportPage>>["data"][number];

/** The caller as a report viewer: their organization, its today, their role. */
export const viewerOf = (services: Services, auth: Auth): ReportViewer => ({
  organizationId: auth.organization.id,
  today: todayIn(timeZoneOf(auth.organization.settings), services.clock.now()),
  role: fieldRoleOfAuth(auth),
});

/** GET /api/program/{id}/report (decision 050): a page of the report rows and the program. */
export async function programReportCall(services: Services, auth: Auth, programId: string | undefined, query: unknown) {
  const q = parseReportQuery(query);
  const program = await programIn(services, auth, programId);
  const viewer = viewerOf(services, auth);
  const { data, count, sessions } = await programReportPage(services.db, viewer, program, q.page, q.size);
  const points = program.details.pointsPerSession;
  return {
    data,
    count,
    additional_info: {
      page: q.page,
      size: q.size,
      total_pages: q.size > 0 ? Math.ceil(count / q.size) : 0,
      program: { id: program.programId, name: program.details.name, archived_on: program.archivedOn, points_per_session: points },
      sessions_to_date: sessions,
      today: viewer.today,
    },
  };
}
