import type { Services } from "../identity";
import { DomainError, idFrom, type DomainEvent, type RecordedEvent } from "../kernel";
import { pointsDecider, type PointsCommand } from "./decide";
import { pointsStreamId, type PointSource } from "./events";
import { runOn } from "./run";

/**
 * A participant's LATEST attendance mark of one program session or one event (decision 087), as the points need
 * it: `markId` names that mark (its event id, and the participant for an event's marks of many), `earns` whether
 * it attends (present or late; an event's present), `source` the session or the event.
 */
export type AttendanceMark = {
  markId: string;
  organizationId: string;
  participantId: string;
  source: PointSource;
  earns: boolean;
  /** the award's reason ('Attended Homework Club on 2026-11-23'), or why it was taken back */
  reason: string;
  markedBy: string | null;
};

/**
 * The command one mark sends to the member's points stream (decision 087): award the points with the session or
 * event as the source (the decider keeps one standing award per source), or take the standing award back. Given
 * the latest mark whichever mark is being handled, the decision converges on what the attendance says now, and
 * an old mark read again (a replay, a second delivery) can never undo a newer one. The command id derives from
 * the mark: read twice, it appends nothing the second time. Null: nothing to do (no points and none to take back).
 */
export function attendanceCommand(mark: AttendanceMark, points: number): PointsCommand | null {
  if (points <= 0 && mark.earns) return null;
  const commandId = idFrom("attendance-points", mark.markId);
  const base = { organizationId: mark.organizationId, participantId: mark.participantId, entryId: idFrom("point-entry", commandId) };
  const metadata = { commandId, organizationId: mark.organizationId, actorId: mark.markedBy };
  const reason = mark.reason.slice(0, 200);
  if (mark.earns) return { type: "AwardPoints", data: { ...base, amount: points, category: "attendance", reason, source: mark.source }, metadata };
  return { type: "RevokeSourceAward", data: { ...base, category: "attendance", source: mark.source, reason }, metadata };
}

/** Sends a mark's command; a refusal is final for that mark (points spent already stay: decision 087). */
export async function applyAttendanceMark(services: Pick<Services, "store" | "clock">, mark: AttendanceMark, points: number) {
  const command = attendanceCommand(mark, points);
  if (!command) return [];
  try {
    return (await runOn(services, pointsDecider, pointsStreamId(mark.participantId), command, 50)).events;
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
}

/** An event's attendance changes as its stream holds them (modules/appointments' events, which the points do not import). */
type EventMarked = RecordedEvent<DomainEvent<"EventAttendanceMarked", { eventId: string; marks: { participantId: string; status: string }[] }>>;
type EventUnregistered = RecordedEvent<DomainEvent<"ParticipantUnregisteredFromEvent", { eventId: string; participantId: string }>>;
export type EventAttendanceChange = EventMarked | EventUnregistered;

const isEventChange = (e: RecordedEvent): e is EventAttendanceChange => e.type === "EventAttendanceMarked" || e.type === "ParticipantUnregisteredFromEvent";
/** The participants an event's attendance change names. */
export const participantsOfChange = (e: EventAttendanceChange) => (e.type === "EventAttendanceMarked" ? e.data.marks.map((m) => m.participantId) : [e.data.participantId]);

/**
 * A participant's attendance of an event as its stream says NOW (decisions 087, 118): the latest of their marks AND
 * unregistrations. Unregistering drops the participant's mark from the event (decision 047): the event's report,
 * its attendee count and the challenges (decision 112) no longer count them, so neither do the points; present
 * earns, anything else (absent, or unregistered) takes a standing award back. `markId` names that latest change
 * and the participant (the same id as before decision 118 when the latest change is a mark), so a replay, a second
 * delivery or a reversed order of delivery appends nothing. Null when they were never marked.
 */
export function eventAttendanceMark(
  stream: readonly RecordedEvent[],
  participantId: string,
  event: { eventId: string; organizationId: string; name: string },
): AttendanceMark | null {
  const changes = stream.filter((e): e is EventAttendanceChange => isEventChange(e) && participantsOfChange(e).includes(participantId));
  // never marked (an unregistration before the event, the usual kind): no award to take back, nothing to read
  if (!changes.some((e) => e.type === "EventAttendanceMarked")) return null;
  const latest = changes.at(-1)!;
  const status = latest.type === "EventAttendanceMarked" ? latest.data.marks.find((m) => m.participantId === participantId)?.status : "unregistered";
  return {
    markId: idFrom(latest.eventId, participantId),
    organizationId: event.organizationId,
    participantId,
    source: { kind: "event", id: event.eventId },
    earns: status === "present",
    reason: status === "present" ? `Attended ${event.name}` : status === "unregistered" ? `Unregistered from ${event.name}` : `${event.name} marked ${status ?? "unmarked"}`,
    markedBy: latest.metadata.actorId,
  };
}
