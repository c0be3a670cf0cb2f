import type { DomainEvent } from "../kernel";

/** An event (an appointment of spec-2 section 3) as the form describes it (decision 047). */
export type EventDetails = {
  name: string;
  description: string;
  /** ISO instants (UTC), end after start, at most 31 days apart */
  startAt: string;
  endAt: string;
  /** null: no limit */
  capacity: number | null;
  location: string;
  coachIds: string[];
  /** points each participant marked present receives; 0: none */
  points: number;
};

export const ATTENDANCE_STATUSES = ["present", "absent"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export type AttendanceMark = { participantId: string; status: AttendanceStatus };

type Ids = { eventId: string; participantId: string };

/**
 * The events of an event's stream, `appointment-event-{id}`. The names carry 'Appointment' where a
 * bare 'Event' would be ambiguous. Registration and attendance events carry no organization id: it is
 * the event's (and the metadata's).
 */
export type AppointmentEventCreated = DomainEvent<"AppointmentEventCreated", { eventId: string; organizationId: string; details: EventDetails }>;
export type AppointmentEventEdited = DomainEvent<"AppointmentEventEdited", { eventId: string; details: EventDetails }>;
export type AppointmentEventDeleted = DomainEvent<"AppointmentEventDeleted", { eventId: string }>;
export type ParticipantRegisteredToEvent = DomainEvent<"ParticipantRegisteredToEvent", Ids>;
export type ParticipantUnregisteredFromEvent = DomainEvent<"ParticipantUnregisteredFromEvent", Ids>;
/** only the marks that changed; a later mark of the same participant replaces the earlier one */
export type EventAttendanceMarked = DomainEvent<"EventAttendanceMarked", { eventId: string; marks: AttendanceMark[] }>;

export type AppointmentEvent =
  | AppointmentEventCreated
  | AppointmentEventEdited
  | AppointmentEventDeleted
  | ParticipantRegisteredToEvent
  | ParticipantUnregisteredFromEvent
  | EventAttendanceMarked;

export const APPOINTMENT_EVENT_TYPES = [
  "AppointmentEventCreated",
  "AppointmentEventEdited",
  "AppointmentEventDeleted",
  "ParticipantRegisteredToEvent",
  "ParticipantUnregisteredFromEvent",
  "EventAttendanceMarked",
] as const satisfies readonly AppointmentEvent["type"][];

export const isAppointmentEvent = <E extends DomainEvent>(event: E): event is E & AppointmentEvent =>
  (APPOINTMENT_EVENT_TYPES as readonly string[]).includes(event.type);

export const APPOINTMENT_STREAM_PREFIX = "appointment-event-";
export const appointmentStreamId = (eventId: string) => `${APPOINTMENT_STREAM_PREFIX}${eventId}`;
