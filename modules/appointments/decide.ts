import { DomainError, validationError, type Decider } from "../kernel";
import { attendanceBody, eventSchema, participantIdSchema, type CreateEvent, type EditEvent, type EventCommand, type MarkEventAttendance } from "./commands";
import type { AppointmentEvent, AttendanceMark, AttendanceStatus, EventDetails } from "./events";

export type CreatedEvent = {
  status: "created";
  eventId: string;
  organizationId: string;
  details: EventDetails;
  /** the participants registered now, in the order they registered */
  participantIds: readonly string[];
  /** the latest mark of each registered participant who has one */
  attendance: Readonly<Record<string, AttendanceStatus>>;
};

export type EventState = { status: "none" } | { status: "deleted"; eventId: string } | CreatedEvent;

export const initialEventState = (): EventState => ({ status: "none" });

export const eventNotFound = () => new DomainError("EVENT_NOT_FOUND", "Event not found", 404);
export const eventAlreadyExists = () => new DomainError("EVENT_ALREADY_EXISTS", "Event already exists", 409);
export const alreadyRegistered = () => new DomainError("ALREADY_REGISTERED", "This participant is already registered to this event", 409);
export const notRegistered = () => new DomainError("NOT_REGISTERED", "This participant is not registered to this event", 404);
export const eventFull = (capacity: number) =>
  new DomainError("EVENT_FULL", `This event is full: all ${capacity} place${capacity === 1 ? " is" : "s are"} taken.`, 409);
export const eventEnded = () => new DomainError("EVENT_ENDED", "This event has ended: its registrations can no longer change.", 409);
export const eventNotStarted = () => new DomainError("EVENT_NOT_STARTED", "Attendance can be taken once the event has started.", 409);
export const eventInUse = () => new DomainError("EVENT_IN_USE", "This event has attendance recorded: it is kept for its report and cannot be deleted.", 409);

const without = (ids: readonly string[], id: string) => ids.filter((x) => x !== id);

export function evolve(state: EventState, event: AppointmentEvent): EventState {
  switch (event.type) {
    case "AppointmentEventCreated":
      return { status: "created", eventId: event.data.eventId, organizationId: event.data.organizationId, details: event.data.details, participantIds: [], attendance: {} };
    case "AppointmentEventDeleted":
      return { status: "deleted", eventId: event.data.eventId };
    default:
      break;
  }
  if (state.status !== "created") return state;
  switch (event.type) {
    case "AppointmentEventEdited":
      return { ...state, details: event.data.details };
    case "ParticipantRegisteredToEvent":
      if (state.participantIds.includes(event.data.participantId)) return state;
      return { ...state, participantIds: [...state.participantIds, event.data.participantId] };
    case "ParticipantUnregisteredFromEvent": {
      const { [event.data.participantId]: _dropped, ...attendance } = state.attendance;
      return { ...state, participantIds: without(state.participantIds, event.data.participantId), attendance };
    }
    case "EventAttendanceMarked": {
      const attendance = { ...state.attendance };
      for (const m of event.data.marks) if (state.participantIds.includes(m.participantId)) attendance[m.participantId] = m.status;
      return { ...state, attendance };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

function decideCreate(state: EventState, command: CreateEvent, now: Date): AppointmentEvent[] | DomainError {
  if (state.status !== "none") return eventAlreadyExists();
  const parsed = eventSchema({ now: now.toISOString(), ...command.data.rules }).safeParse(command.data.input);
  if (!parsed.success) return validationError(parsed.error);
  return [{ type: "AppointmentEventCreated", data: { eventId: command.data.eventId, organizationId: command.data.organizationId, details: parsed.data } }];
}

function decideEdit(state: CreatedEvent, command: EditEvent, now: Date): AppointmentEvent[] | DomainError {
  const parsed = eventSchema({ now: now.toISOString(), ...command.data.rules, registeredCount: state.participantIds.length }).safeParse(command.data.input);
  if (!parsed.success) return validationError(parsed.error);
  if (JSON.stringify(parsed.data) === JSON.stringify(state.details)) return [];
  return [{ type: "AppointmentEventEdited", data: { eventId: state.eventId, details: parsed.data } }];
}

function decideRegister(state: CreatedEvent, participantId: unknown, now: Date): AppointmentEvent[] | DomainError {
  const parsed = participantIdSchema.safeParse(participantId);
  if (!parsed.success) return validationError(parsed.error);
  if (now.getTime() >= Date.parse(state.details.endAt)) return eventEnded();
  if (state.participantIds.includes(parsed.data)) return alreadyRegistered();
  const { capacity } = state.details;
  if (capacity !== null && state.participantIds.length >= capacity) return eventFull(capacity);
  return [{ type: "ParticipantRegisteredToEvent", data: { eventId: state.eventId, participantId: parsed.data } }];
}

function decideUnregister(state: CreatedEvent, participantId: unknown, now: Date): AppointmentEvent[] | DomainError {
  const parsed = participantIdSchema.safeParse(participantId);
  if (!parsed.success) return validationError(parsed.error);
  if (!state.participantIds.includes(parsed.data)) return notRegistered();
  if (now.getTime() >= Date.parse(state.details.endAt)) return eventEnded();
  return [{ type: "ParticipantUnregisteredFromEvent", data: { eventId: state.eventId, participantId: parsed.data } }];
}

function decideAttendance(state: CreatedEvent, command: MarkEventAttendance, now: Date): AppointmentEvent[] | DomainError {
  const parsed = attendanceBody.safeParse(command.data.input);
  if (!parsed.success) return validationError(parsed.error);
  const { attendance } = parsed.data;
  const stranger = attendance.findIndex((m) => !state.participantIds.includes(m.participant_id));
  if (stranger >= 0) {
    const message = `Attendance: ${attendance[stranger]!.participant_id} is not registered to this event`;
    return new DomainError("VALIDATION", message, 400, { fieldErrors: { [`attendance.${stranger}.participant_id`]: [message] } });
  }
  if (now.getTime() < Date.parse(state.details.startAt)) return eventNotStarted();
  const marks: AttendanceMark[] = attendance
    .filter((m) => state.attendance[m.participant_id] !== m.status)
    .map((m) => ({ participantId: m.participant_id, status: m.status }));
  return marks.length === 0 ? [] : [{ type: "EventAttendanceMarked", data: { eventId: state.eventId, marks } }];
}

/**
 * Pure (decision 047): a missing or deleted event is 404 and a second creation 409 first, then bad
 * input (400 naming the field), then the rules: capacity, no double registration, no change of
 * registrations once the event has ended, attendance once it has started and only for registered
 * participants, no deletion once attendance is recorded.
 */
export function decide(state: EventState, command: EventCommand, now: Date): AppointmentEvent[] | DomainError {
  if (command.type === "CreateEvent") return decideCreate(state, command, now);
  if (state.status !== "created") return eventNotFound();
  switch (command.type) {
    case "EditEvent":
      return decideEdit(state, command, now);
    case "DeleteEvent":
      if (Object.keys(state.attendance).length > 0) return eventInUse();
      return [{ type: "AppointmentEventDeleted", data: { eventId: state.eventId } }];
    case "RegisterToEvent":
      return decideRegister(state, command.data.participantId, now);
    case "UnregisterFromEvent":
      return decideUnregister(state, command.data.participantId, now);
    case "MarkEventAttendance":
      return decideAttendance(state, command, now);
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const eventDecider: Decider<EventState, EventCommand, AppointmentEvent> = { initialState: initialEventState, evolve, decide };
