import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { attendanceBody, eventBodySchema, eventListQuery, eventRegistrationBody, eventReportQuery } from "./commands";
import { eventReportOf } from "./report";
import { createEventCall, deleteEventCall, eventAttendanceCall, eventOf, eventRosterOf, eventsOf, registerToEventCall, unregisterFromEventCall, updateEventCall } from "./service";

/** GET /api/appointment/event's answer (decision 081). */
const EVENTS_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    start_date: A.isoTime,
    end_date: A.isoTime,
    capacity: z.number().int().nullable(),
    registered_count: A.count,
    attendees_count: A.count,
    absent_count: A.count,
    created_date: z.string(),
  }),
  A.pageInfo,
);

/** Staff with 'create programs and events' (spec-1 section 6); not the kiosk. */
const EVENT_WRITE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;
/** Staff who view events or create them. */
const EVENT_READ = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_EVENTS, P.CAN_CREATE_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;
/** Staff who take attendance (issue 16) or create events. */
const EVENT_ATTENDANCE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_TAKE_ATTENDANCE, P.CAN_CREATE_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;
/** Staff with 'export programs and events': the reports (issue 16). */
const EVENT_REPORT = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_EXPORT_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;

const eventBody = eventBodySchema();
const FIELDS = "name, description, start_date, end_date (date-times with their offset), capacity (none: no limit), location, coach_ids, points";

/** The event calls (spec-1 section 7's generic convention; spec-2 section 7's report; decision 047), rows of the one /api table. */
export const appointmentsApi: readonly ApiRow[] = [
  apiRow({
    id: "event-list",
    method: "GET",
    path: "/api/appointment/event",
    description: "The organization's events, paged: search (name), sort (created_date, name, start_date, end_date; asc or desc), page, size, when (upcoming, past, all).",
    rule: EVENT_READ,
    query: eventListQuery,
    answers: { description: "{ data, count, additional_info }", schema: EVENTS_ANSWER },
    handle: (ctx) => eventsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "event-create",
    method: "POST",
    path: "/api/appointment/event",
    description: `Create an event: ${FIELDS}.`,
    rule: EVENT_WRITE,
    body: eventBody,
    answers: { description: "{ message: 'Event successfully created', data: event }" },
    handle: (ctx) => createEventCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "event-detail",
    method: "GET",
    path: "/api/appointment/event/:id",
    description: "One event with its counts (registered, attendees, absent).",
    rule: EVENT_READ,
    answers: { description: "The event" },
    handle: (ctx) => eventOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "event-update",
    method: "PUT",
    path: "/api/appointment/event/:id",
    description: `Edit an event (every field, as POST): ${FIELDS}. The capacity may not go below the participants registered.`,
    rule: EVENT_WRITE,
    body: eventBody,
    answers: { description: "{ message: 'Event successfully updated', data: event }" },
    handle: (ctx) => updateEventCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "event-delete",
    method: "DELETE",
    path: "/api/appointment/event/:id",
    description: "Delete an event and its registrations; once attendance is recorded, 409 EVENT_IN_USE.",
    rule: EVENT_WRITE,
    answers: { description: "{ message: 'Event successfully deleted' }" },
    handle: (ctx) => deleteEventCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.request),
  }),
  apiRow({
    id: "event-registration-list",
    method: "GET",
    path: "/api/appointment/event/:id/registration",
    description: "Who is registered, in order, with their attendance (participant ids).",
    rule: EVENT_READ,
    answers: { description: "{ data: [{ participant_id, registered_date, attendance }], count }" },
    handle: (ctx) => eventRosterOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "event-registration-create",
    method: "POST",
    path: "/api/appointment/event/:id/registration",
    description: "Register a participant: participant_id. 409 EVENT_FULL at capacity, ALREADY_REGISTERED, EVENT_ENDED.",
    rule: EVENT_WRITE,
    body: eventRegistrationBody,
    answers: { description: "{ message: 'Registration successfully created', data: { participant_id, status: 'registered' } }" },
    handle: (ctx) => registerToEventCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "event-registration-delete",
    method: "DELETE",
    path: "/api/appointment/event/:id/registration/:participantId",
    description: "Unregister a participant (until the event ends).",
    rule: EVENT_WRITE,
    answers: { description: "{ message: 'Registration successfully deleted' }" },
    handle: (ctx) => unregisterFromEventCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params.participantId, ctx.request),
  }),
  apiRow({
    id: "event-attendance",
    method: "PUT",
    path: "/api/appointment/event/:id/attendance",
    description: "Mark registered participants present or absent, once the event has started: attendance [{ participant_id, status }].",
    rule: EVENT_ATTENDANCE,
    body: attendanceBody,
    answers: { description: "{ message: 'Attendance successfully updated', data: event }" },
    handle: (ctx) => eventAttendanceCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "event-report",
    method: "GET",
    path: "/api/appointment/event/:id/report",
    description: "The event report (spec-2 section 3): each registered member's fields (the caller's role's field policy), postal_code, points, attendance; the event's name, start_date, end_date, attendees.",
    rule: EVENT_REPORT,
    query: eventReportQuery,
    answers: { description: "{ data, count, additional_info, event: { id, name, start_date, end_date, attendees, absentees, registered, points } }" },
    handle: (ctx) => eventReportOf(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
];
