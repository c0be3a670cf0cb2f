/** The appointments module's public face: events (decision 047), their registrations, attendance and report. Service and rows last. */
export {
  APPOINTMENT_EVENT_TYPES,
  APPOINTMENT_STREAM_PREFIX,
  ATTENDANCE_STATUSES,
  appointmentStreamId,
  isAppointmentEvent,
  type AppointmentEvent,
  type AttendanceMark,
  type AttendanceStatus,
  type EventDetails,
} from "./events";
export {
  EVENT_LIMITS,
  EVENT_SORTS,
  attendanceBody,
  eventBodySchema,
  eventIssues,
  eventListQuery,
  eventRegistrationBody,
  eventReportQuery,
  eventSchema,
  isInstant,
  type EventBody,
  type EventCommand,
  type EventListQuery,
  type EventReportQuery,
  type EventRules,
} from "./commands";
export { eventDecider, eventNotFound, eventFull, type CreatedEvent, type EventState } from "./decide";
export { handleEventCommand, loadEvent, type EventDeps, type EventResult } from "./handlers";
export { EVENT_TOASTS } from "./service";
export { appointmentsApi } from "./api";
export { eventReportOf, eventReportScreen, eventReportPage, eventSummaryOf, type EventReportRow } from "./report";
