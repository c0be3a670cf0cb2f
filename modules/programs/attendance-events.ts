import type { DomainEvent } from "../kernel";

/** The marks staff give a participant for one session (issue 16). */
export const ATTENDANCE_STATUSES = ["present", "absent", "late", "excused"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Which session: the program, the organization's day and the session's start ('HH:mm'); `sessionKey` of sessions.ts. */
type SessionRef = { programId: string; sessionKey: string; date: string; startTime: string };

/**
 * The events of one session's stream, `programsession-{programId}:{date}:{start}` (decision 046). A mark
 * replaces the participant's earlier mark of the same session; the stream keeps every edit.
 */
export type AttendanceMarked = DomainEvent<
  "AttendanceMarked",
  SessionRef & { participantId: string; status: AttendanceStatus; markedBy: string | null; note: string | null }
>;
/** a participant who is not registered to the program joins this one session */
export type DropInAdded = DomainEvent<"DropInAdded", SessionRef & { participantId: string; addedBy: string | null }>;

export type AttendanceEvent = AttendanceMarked | DropInAdded;

export const ATTENDANCE_EVENT_TYPES = ["AttendanceMarked", "DropInAdded"] as const satisfies readonly AttendanceEvent["type"][];

export const isAttendanceEvent = <E extends DomainEvent>(event: E): event is E & AttendanceEvent =>
  (ATTENDANCE_EVENT_TYPES as readonly string[]).includes(event.type);

export const PROGRAM_SESSION_STREAM_PREFIX = "programsession-";
export const programSessionStreamId = (sessionKey: string) => `${PROGRAM_SESSION_STREAM_PREFIX}${sessionKey}`;
