import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { AttendanceCommand, SessionFacts } from "./attendance-commands";
import { sessionDecider } from "./attendance-decide";
import type { AttendanceEvent, AttendanceStatus } from "./attendance-events";
import type { SchedulePlan } from "./sessions";
import { deciderSpec } from "../../test/support/decider-spec";

const programId = "prog-1";
const now = new Date("2026-11-24T20:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: "org-1", actorId: "coach-1" };
// Tuesdays and Thursdays 15:30 until the edit of Wednesday 2026-11-18, Mondays 16:00 from then on
const before: SchedulePlan = { from: "2026-09-01", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions: [{ day: 2, startTime: "15:30", endTime: "17:00" }, { day: 4, startTime: "15:30", endTime: "17:00" }] };
const after: SchedulePlan = { from: "2026-11-18", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions: [{ day: 1, startTime: "16:00", endTime: "17:30" }] };
const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  organizationId: "org-1",
  today: "2026-11-24",
  plans: [before, after],
  archivedOn: null,
  registered: ["ana", "ben"],
  inOrganization: ["cleo"],
  ...over,
});
const ref = (date: string, startTime: string) => ({ programId, sessionKey: `${programId}:${date}:${startTime}`, date, startTime });
const marks = (date: string, startTime: string, list: [string, unknown][], f = facts()): AttendanceCommand => ({
  type: "MarkAttendance",
  data: { programId, date, startTime, input: { marks: list.map(([participant_id, status]) => ({ participant_id, status })) }, facts: f },
  metadata,
});
const dropIn = (date: string, startTime: string, participantId: string, f = facts()): AttendanceCommand => ({ type: "AddDropIn", data: { programId, date, startTime, participantId, facts: f }, metadata });
const marked = (date: string, startTime: string, participantId: string, status: AttendanceStatus): AttendanceEvent => ({
  type: "AttendanceMarked",
  data: { ...ref(date, startTime), participantId, status, markedBy: "coach-1", note: null },
});
const joined = (date: string, startTime: string, participantId: string): AttendanceEvent => ({ type: "DropInAdded", data: { ...ref(date, startTime), participantId, addedBy: "coach-1" } });

const given = deciderSpec(sessionDecider, now);

describe("a session's attendance (decision 046)", () => {
  it("marks registered participants, one event each", () => {
    given().when(marks("2026-11-23", "16:00", [["ana", "present"], ["ben", "late"]])).then([marked("2026-11-23", "16:00", "ana", "present"), marked("2026-11-23", "16:00", "ben", "late")]);
  });

  it("appends nothing for a re-mark of the same status, and only the change when one differs", () => {
    given(marked("2026-11-23", "16:00", "ana", "present")).when(marks("2026-11-23", "16:00", [["ana", "present"]])).then([]);
    given(marked("2026-11-23", "16:00", "ana", "present"), marked("2026-11-23", "16:00", "ben", "absent"))
      .when(marks("2026-11-23", "16:00", [["ana", "present"], ["ben", "excused"]]))
      .then([marked("2026-11-23", "16:00", "ben", "excused")]);
  });

  it("takes today's session, even before it starts, and refuses a session after today", () => {
    given().when(marks("2026-11-23", "16:00", [["ana", "present"]], facts({ today: "2026-11-23" }))).then([marked("2026-11-23", "16:00", "ana", "present")]);
    given().when(marks("2026-11-30", "16:00", [["ana", "present"]])).thenRefused("SESSION_IN_FUTURE", 409, "Attendance cannot be taken before the session's day: this session is on 2026-11-30");
  });

  it("keeps the sessions of a past schedule version after an edit, and refuses what no version had", () => {
    // Thursday 2026-11-12 met under the first version: still a session
    given().when(marks("2026-11-12", "15:30", [["ana", "absent"]])).then([marked("2026-11-12", "15:30", "ana", "absent")]);
    // Thursday 2026-11-19 is after the edit: no session then
    given().when(marks("2026-11-19", "15:30", [["ana", "absent"]])).thenRefused("SESSION_NOT_FOUND", 404, "This program has no session on 2026-11-19 at 15:30");
    given().when(marks("2026-11-23", "15:30", [["ana", "absent"]])).thenRefused("SESSION_NOT_FOUND", 404);
    // before the cycle, and after an archive
    given().when(marks("2026-08-27", "15:30", [["ana", "absent"]])).thenRefused("SESSION_NOT_FOUND", 404);
    given().when(marks("2026-11-23", "16:00", [["ana", "absent"]], facts({ archivedOn: "2026-11-20" }))).thenRefused("SESSION_NOT_FOUND", 404);
  });

  it("refuses a participant who is neither registered nor a drop-in (409), and another organization's (404), with nothing applied", () => {
    given().when(marks("2026-11-23", "16:00", [["ana", "present"], ["cleo", "present"]])).thenRefused("NOT_IN_SESSION", 409, "Participant cleo is neither registered to this program nor a drop-in of this session");
    given().when(marks("2026-11-23", "16:00", [["ana", "present"], ["zed", "present"]])).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("refuses an unknown status naming the field, too many marks and a participant marked twice", () => {
    const error = given().when(marks("2026-11-23", "16:00", [["ana", "here"]])).thenRefused("VALIDATION", 400, "Status must be present, absent, late or excused");
    expect(error.details).toEqual({ fieldErrors: { "marks.0.status": ["Status must be present, absent, late or excused"] } });
    const many = Array.from({ length: 501 }, (_, i) => [`p${i}`, "present"] as [string, unknown]);
    given().when(marks("2026-11-23", "16:00", many)).thenRefused("VALIDATION", 400, "Marks can list at most 500 participants at once");
    given().when(marks("2026-11-23", "16:00", [["ana", "present"], ["ana", "late"]])).thenRefused("VALIDATION", 400, "Marks: each participant can be marked once per request");
    given().when(marks("2026-11-23", "16:00", [])).thenRefused("VALIDATION", 400, "Marks must list at least one participant");
  });

  it("adds a drop-in once, who can then be marked; a registered member is not a drop-in", () => {
    given().when(dropIn("2026-11-23", "16:00", "cleo")).then([joined("2026-11-23", "16:00", "cleo")]);
    given(joined("2026-11-23", "16:00", "cleo")).when(dropIn("2026-11-23", "16:00", "cleo")).then([]);
    given(joined("2026-11-23", "16:00", "cleo")).when(marks("2026-11-23", "16:00", [["cleo", "present"]])).then([marked("2026-11-23", "16:00", "cleo", "present")]);
    given().when(dropIn("2026-11-23", "16:00", "ana")).thenRefused("ALREADY_REGISTERED", 409);
    given().when(dropIn("2026-11-23", "16:00", "zed")).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given().when(dropIn("2026-11-30", "16:00", "cleo")).thenRefused("SESSION_IN_FUTURE", 409);
  });

  it("lets a participant who has left the program keep their past mark corrected", () => {
    given(marked("2026-11-12", "15:30", "dan", "absent"))
      .when(marks("2026-11-12", "15:30", [["dan", "excused"]]))
      .then([marked("2026-11-12", "15:30", "dan", "excused")]);
  });

  it("replays: the state is each participant's latest mark and the drop-ins", () => {
    const { state } = given(marked("2026-11-23", "16:00", "ana", "absent"), joined("2026-11-23", "16:00", "cleo"), marked("2026-11-23", "16:00", "ana", "late"));
    expect(state).toEqual({ marks: { ana: { status: "late", note: null } }, dropIns: ["cleo"] });
  });
});
