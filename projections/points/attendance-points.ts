import { loadEvent } from "../../modules/appointments";
import { applyAttendanceMark, eventAttendanceMark, participantsOfChange, type AttendanceMark, type EventAttendanceChange } from "../../modules/points";
import {
  loadProgram,
  type AttendanceMarked,
  type CreatedProgram,
} from "../../modules/programs";
import { systemClock, type RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";

export const ATTENDANCE_POINTS = "attendance-points";

type Marked = RecordedEvent<AttendanceMarked> | EventAttendanceChange;

/** A program session's mark: the participant's latest mark in the session's stream. */
function sessionMark(
  event: RecordedEvent<AttendanceMarked>,
  program: CreatedProgram,
  stream: RecordedEvent[]
): AttendanceMark {
  const d = event.data;
  const latest =
    stream
      .filter(
        (e): e is RecordedEvent<AttendanceMarked> =>
          e.type === "AttendanceMarked" &&
          (e.data as AttendanceMarked["data"]).participantId === d.participantId
      )
      .at(-1) ?? event;
  const earns =
    latest.data.status === "present" || latest.data.status === "late";
  const name = program.details.name;
  return {
    markId: latest.eventId,
    organizationId: program.organizationId,
    participantId: d.participantId,
    source: { kind: "session", id: latest.data.sessionKey },
    earns,
    reason: earns
      ? `Attended ${name} on ${latest.data.date}`
      : `${name} on ${latest.data.date} marked ${latest.data.status}`,
    markedBy: latest.data.markedBy,
  };
}

/**
 * Automatic attendance points (decision 087): a checkpointed subscriber of the attendance marks of program
 * sessions and of events. For each participant a batch marks (or unregisters from an event), it acts on their
 * latest mark (from the stream as it is now; an event's unregistration counts as its latest change, decision 118): the program's points per session, or the event's points, awarded once with the session or event as
 * the source, or the standing award taken back. It owns no table; in the registry so the projector runs it with
 * the others and health shows its lag. Read again (a replay, a rebuild, a second delivery) a mark appends
 * nothing: the command ids derive from the latest mark, and the decider keeps one standing award per source.
 */
export const attendancePointsProjection = defineProjection<unknown>({
  name: ATTENDANCE_POINTS,
  tables: [],
  eventTypes: ["AttendanceMarked", "EventAttendanceMarked", "ParticipantUnregisteredFromEvent"],
  async apply(_db, events, context) {
    // a rebuild into shadow tables hands no store: it sends nothing
    if (!context) return;
    const deps = { store: context.store, clock: systemClock };
    const streams = new Map<string, Promise<RecordedEvent[]>>();
    const streamOf = (id: string) => {
      if (!streams.has(id))
        streams.set(
          id,
          deps.store.readStream(id).then((r) => r.events)
        );
      return streams.get(id)!;
    };
    const programs = new Map<string, Promise<CreatedProgram | null>>();
    const done = new Set<string>();
    for (const event of events as Marked[]) {
      if (event.type === "AttendanceMarked") {
        const key = `${event.streamId}|${event.data.participantId}`;
        if (done.has(key)) continue;
        done.add(key);
        if (!programs.has(event.data.programId))
          programs.set(
            event.data.programId,
            loadProgram(deps.store, event.data.programId)
          );
        const program = await programs.get(event.data.programId)!;
        if (!program) continue;
        await applyAttendanceMark(
          deps,
          sessionMark(event, program, await streamOf(event.streamId)),
          program.details.pointsPerSession
        );
      } else {
        const appointment = await loadEvent(deps.store, event.data.eventId);
        if (!appointment) continue;
        const stream = await streamOf(event.streamId);
        for (const participantId of participantsOfChange(event)) {
          const key = `${event.streamId}|${participantId}`;
          if (done.has(key)) continue;
          done.add(key);
          // the latest of the participant's marks and unregistrations (decision 118), from the stream as it is now:
          // the command id derives from that change and its status comes from it, so a status read elsewhere can
          // never pair a newer change's id with an older status
          const mark = eventAttendanceMark(stream, participantId, { eventId: appointment.eventId, organizationId: appointment.organizationId, name: appointment.details.name });
          if (mark) await applyAttendanceMark(deps, mark, appointment.details.points);
        }
      }
    }
  },
});
