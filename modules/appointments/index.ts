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
export { EVENT_TOASTS, createEventCall, updateEventCall, deleteEventCall, registerToEventCall, unregisterFromEventCall } from "./service";
export { eventBuilderOf, type EditedEvent, type EventBuilder } from "./service-builder";
export { eventBodyOfForm, eventFormSchema, type EventFormValue } from "./form";
export { appointmentsApi } from "./api";
export { staffEventsPageOf, staffRegisterToEvent, staffUnregisterFromEvent, eventWhen, type StaffEvent, type StaffEventsPage } from "./service-staff";
export { eventReportOf, eventReportScreen, eventReportPage, eventSummaryOf, type EventReportRow } from "./report";
