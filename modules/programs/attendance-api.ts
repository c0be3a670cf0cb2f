import { apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { attendanceBody, dropInBody, sessionsQuery } from "./attendance-commands";
import { programSessionsCall, sessionRosterCall } from "./attendance-reads";
import { addDropInCall, markAttendanceCall } from "./attendance-service";

/** Staff who view programs, build them or take attendance (decision 046); not the kiosk. */
const SESSION_READ = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_PROGRAMS, P.CAN_CREATE_PROGRAMS_AND_EVENTS, P.CAN_TAKE_ATTENDANCE] } as const satisfies AccessRule;
const TAKE_ATTENDANCE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_TAKE_ATTENDANCE] } as const satisfies AccessRule;
const ADD_DROP_IN = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_ADD_DROP_IN_PARTICIPANTS] } as const satisfies AccessRule;

/** A program's sessions and their attendance (issue 16, decision 046), rows of the one /api table. */
export const attendanceApi: readonly ApiRow[] = [
  apiRow({
    id: "program-sessions",
    method: "GET",
    path: "/api/program/:id/sessions",
    description: "A program's sessions from `from` to `to` ('YYYY-MM-DD'; default the last eight weeks to today), newest first, each with its counts: present, late, absent, excused, unmarked.",
    rule: SESSION_READ,
    query: sessionsQuery,
    answers: { description: "{ data: [{ date, week_day, start_time, end_time, can_take_attendance, roster_count, present, late, absent, excused, unmarked }], count, additional_info: { from, to, today } }" },
    handle: (ctx) => programSessionsCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
  apiRow({
    id: "program-session-attendance",
    method: "GET",
    path: "/api/program/:id/session/:date/:start/attendance",
    description: "A session's roster: the registered members and the session's drop-ins, each with their mark (or none) and whether they are checked in on the board during the session (offered as present).",
    rule: SESSION_READ,
    answers: { description: "{ session, data: [{ participant, registered, drop_in, attendance, note, marked_by, marked_at, checked_in, offered }], count }" },
    handle: (ctx) => sessionRosterCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params),
  }),
  apiRow({
    id: "program-session-attendance-update",
    method: "PUT",
    path: "/api/program/:id/session/:date/:start/attendance",
    description: "Mark attendance: marks [{ participant_id, status: present | absent | late | excused, note? }], at most 500, all or nothing. Not for a session after today.",
    rule: TAKE_ATTENDANCE,
    body: attendanceBody,
    answers: { description: "{ message: 'Attendance successfully updated', updated }" },
    handle: (ctx) => markAttendanceCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params, ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-session-drop-in",
    method: "POST",
    path: "/api/program/:id/session/:date/:start/drop-in",
    description: "A participant who is not registered joins this one session: participant_id or member_id.",
    rule: ADD_DROP_IN,
    body: dropInBody,
    answers: { description: "{ message: 'Drop-in successfully created', data: { participant_id, drop_in } }" },
    handle: (ctx) => addDropInCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params, ctx.body, ctx.request),
  }),
];
