import { DomainError, validationError, type Decider } from "../kernel";
import { attendanceBody, type AttendanceCommand, type SessionFacts } from "./attendance-commands";
import type { AttendanceEvent, AttendanceStatus } from "./attendance-events";
import { sessionKey, sessionsOn, type ProgramSession } from "./sessions";

/** One session's attendance: each participant's latest mark, and its drop-ins in the order they joined. */
export type SessionState = {
  marks: Readonly<Record<string, { status: AttendanceStatus; note: string | null }>>;
  dropIns: readonly string[];
};

export const initialSessionState = (): SessionState => ({ marks: {}, dropIns: [] });

export const sessionNotFound = (date: string, start: string) =>
  new DomainError("SESSION_NOT_FOUND", `This program has no session on ${date} at ${start}`, 404);
export const sessionInFuture = (date: string) =>
  new DomainError("SESSION_IN_FUTURE", `Attendance cannot be taken before the session's day: this session is on ${date}`, 409);
export const notInSession = (participantId: string) =>
  new DomainError("NOT_IN_SESSION", `Participant ${participantId} is neither registered to this program nor a drop-in of this session`, 409);
export const registeredNotDropIn = () => new DomainError("ALREADY_REGISTERED", "This participant is registered to this program: mark their attendance instead", 409);
export const attendanceParticipantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

export function evolveSession(state: SessionState, event: AttendanceEvent): SessionState {
  switch (event.type) {
    case "AttendanceMarked":
      return { ...state, marks: { ...state.marks, [event.data.participantId]: { status: event.data.status, note: event.data.note } } };
    case "DropInAdded":
      return state.dropIns.includes(event.data.participantId) ? state : { ...state, dropIns: [...state.dropIns, event.data.participantId] };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The session the command names, if the program's schedule (any version) has it and it is not after today. */
function sessionOf(facts: SessionFacts, programId: string, date: string, startTime: string): ProgramSession | DomainError {
  const session = sessionsOn(programId, facts.plans, date, facts.archivedOn).find((s) => s.startTime === startTime);
  if (!session) return sessionNotFound(date, startTime);
  if (date > facts.today) return sessionInFuture(date);
  return session;
}

/** Whether the participant may be marked: registered now, a drop-in of the session, or marked in it before (left since). */
const inSession = (state: SessionState, facts: SessionFacts, participantId: string) =>
  facts.registered.includes(participantId) || state.dropIns.includes(participantId) || Object.hasOwn(state.marks, participantId);

/**
 * Pure. In order: bad input (400 naming the field), the session (404 when no schedule version has it,
 * 409 when it is after today), each participant (404 when not the organization's, 409 when neither
 * registered nor a drop-in). A mark equal to the participant's current one appends nothing.
 */
export function decideSession(state: SessionState, command: AttendanceCommand, _now: Date): AttendanceEvent[] | DomainError {
  const { programId, date, startTime, facts } = command.data;
  const session = sessionOf(facts, programId, date, startTime);
  if (session instanceof DomainError) return session;
  const ref = { programId, sessionKey: sessionKey(programId, date, startTime), date, startTime };
  const by = command.metadata.actorId;
  if (command.type === "AddDropIn") {
    const { participantId } = command.data;
    if (!facts.registered.includes(participantId) && !facts.inOrganization.includes(participantId)) return attendanceParticipantNotFound();
    if (facts.registered.includes(participantId)) return registeredNotDropIn();
    if (state.dropIns.includes(participantId)) return [];
    return [{ type: "DropInAdded", data: { ...ref, participantId, addedBy: by } }];
  }
  const parsed = attendanceBody.safeParse(command.data.input);
  if (!parsed.success) return validationError(parsed.error);
  const events: AttendanceEvent[] = [];
  for (const mark of parsed.data.marks) {
    const participantId = mark.participant_id;
    if (!inSession(state, facts, participantId)) return facts.inOrganization.includes(participantId) ? notInSession(participantId) : attendanceParticipantNotFound();
    const current = state.marks[participantId];
    if (current && current.status === mark.status && current.note === mark.note) continue;
    events.push({ type: "AttendanceMarked", data: { ...ref, participantId, status: mark.status, markedBy: by, note: mark.note } });
  }
  return events;
}

export const sessionDecider: Decider<SessionState, AttendanceCommand, AttendanceEvent> = {
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: decideSession,
};
