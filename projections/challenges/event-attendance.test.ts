import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "../../modules/kernel";
import { latestEventAttendance, type EventAttendanceChange } from "./event-attendance";

let n = 0;
const recorded = (type: EventAttendanceChange["type"], data: unknown): EventAttendanceChange =>
  ({ type, data, eventId: `e${++n}`, streamId: "appointment-event-x", revision: n, position: n, metadata: { actorId: "coach", occurredAt: new Date(n * 1000).toISOString() } }) as unknown as EventAttendanceChange;
const marked = (marks: [string, string][]) => recorded("EventAttendanceMarked", { eventId: "x", marks: marks.map(([participantId, status]) => ({ participantId, status })) });

/** An event's latest attendance of a participant (decision 112), read from its stream as it is now. */
describe("an event's latest attendance of a participant", () => {
  it("is the participant's latest mark; an unregistration drops it; another participant's marks do not matter", () => {
    const first = marked([["a", "present"], ["b", "present"]]);
    const correction = marked([["a", "absent"]]);
    const stream = [first, correction] as RecordedEvent[];
    expect(latestEventAttendance(stream, "a", first)).toMatchObject({ attended: false });
    expect(latestEventAttendance(stream, "b", first)).toMatchObject({ attended: true });
    // handling the first mark again acts as the latest did: the same mark id, so a replay finds its command
    expect(latestEventAttendance(stream, "a", first).markId).toBe(latestEventAttendance(stream, "a", correction).markId);
    const gone = recorded("ParticipantUnregisteredFromEvent", { eventId: "x", participantId: "b" });
    expect(latestEventAttendance([...stream, gone] as RecordedEvent[], "b", first)).toMatchObject({ attended: false });
    expect(latestEventAttendance([...stream, gone, marked([["b", "present"]])] as RecordedEvent[], "b", first)).toMatchObject({ attended: true });
  });
});
