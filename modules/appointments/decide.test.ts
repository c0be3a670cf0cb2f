import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { EventBody, EventCommand, EventRules } from "./commands";
import { eventDecider } from "./decide";
import type { AppointmentEvent, EventDetails } from "./events";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "org-1";
const eventId = "event-1";
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };
const before = new Date("2026-11-20T12:00:00.000Z");
const during = new Date("2026-12-05T16:00:00.000Z");
const after = new Date("2026-12-08T12:00:00.000Z");
const rules: EventRules = { staffIds: ["coach-1"] };

const body: EventBody = {
  name: "Museum Trip",
  description: "A day at the science museum",
  start_date: "2026-12-05T10:00:00-05:00",
  end_date: "2026-12-06T16:00:00-05:00",
  capacity: 2,
  location: "Science Centre",
  coach_ids: ["coach-1"],
  points: 20,
};
const details: EventDetails = {
  name: "Museum Trip",
  description: "A day at the science museum",
  startAt: "2026-12-05T15:00:00.000Z",
  endAt: "2026-12-06T21:00:00.000Z",
  capacity: 2,
  location: "Science Centre",
  coachIds: ["coach-1"],
  points: 20,
};
const created: AppointmentEvent = { type: "AppointmentEventCreated", data: { eventId, organizationId: orgId, details } };
const registered = (participantId: string): AppointmentEvent => ({ type: "ParticipantRegisteredToEvent", data: { eventId, participantId } });
const unregistered = (participantId: string): AppointmentEvent => ({ type: "ParticipantUnregisteredFromEvent", data: { eventId, participantId } });
const marked = (...marks: [string, "present" | "absent"][]): AppointmentEvent => ({
  type: "EventAttendanceMarked",
  data: { eventId, marks: marks.map(([participantId, status]) => ({ participantId, status })) },
});

const create = (input: Partial<Record<keyof EventBody, unknown>> = {}): EventCommand => ({ type: "CreateEvent", data: { eventId, organizationId: orgId, input: { ...body, ...input }, rules }, metadata });
const edit = (input: Partial<Record<keyof EventBody, unknown>>): EventCommand => ({ type: "EditEvent", data: { eventId, input: { ...body, ...input }, rules }, metadata });
const register = (participantId: string): EventCommand => ({ type: "RegisterToEvent", data: { eventId, participantId }, metadata });
const unregister = (participantId: string): EventCommand => ({ type: "UnregisterFromEvent", data: { eventId, participantId }, metadata });
const attendance = (...marks: [string, string][]): EventCommand => ({
  type: "MarkEventAttendance",
  data: { eventId, input: { attendance: marks.map(([participant_id, status]) => ({ participant_id, status })) } },
  metadata,
});
const remove: EventCommand = { type: "DeleteEvent", data: { eventId }, metadata };

const given = deciderSpec(eventDecider, before);
const givenDuring = deciderSpec(eventDecider, during);
const givenAfter = deciderSpec(eventDecider, after);

describe("events: create and edit", () => {
  it("creates a multi-day event, its date-times as UTC instants", () => {
    given().when(create()).then([created]);
  });

  it("refuses a second creation and a command on an unknown or deleted event", () => {
    given(created).when(create()).thenRefused("EVENT_ALREADY_EXISTS", 409);
    given().when(register("p1")).thenRefused("EVENT_NOT_FOUND", 404);
    given(created, { type: "AppointmentEventDeleted", data: { eventId } }).when(edit({})).thenRefused("EVENT_NOT_FOUND", 404);
  });

  it.each([
    [{ name: "" }, "Name is required", "name"],
    [{ name: "x".repeat(121) }, "Name must be at most 120 characters", "name"],
    [{ end_date: "2026-12-05T09:00:00-05:00" }, "End Date must be after Start Date", "end_date"],
    [{ end_date: "2027-01-10T10:00:00-05:00" }, "An event lasts at most 31 days: End Date is too far after Start Date", "end_date"],
    [{ start_date: "2026-12-05 10:00" }, "Start Date must be a date and time with its offset, like 2026-12-05T10:00:00-05:00", "start_date"],
    [{ start_date: "2026-02-30T10:00:00Z" }, "Start Date must be a date and time with its offset, like 2026-12-05T10:00:00-05:00", "start_date"],
    [{ start_date: "1999-12-30T10:00:00Z", end_date: "1999-12-31T10:00:00Z" }, "Start Date must be in 2000 or later", "start_date"],
    [{ start_date: "2032-12-30T10:00:00Z", end_date: "2032-12-31T10:00:00Z" }, "Start Date must be at most 5 years ahead", "start_date"],
    [{ capacity: 0 }, "Capacity must be a whole number of at least 1, or empty for no limit", "capacity"],
    [{ capacity: 2.5 }, "Capacity must be a whole number of at least 1, or empty for no limit", "capacity"],
    [{ points: -1 }, "Points must be a whole number from 0 to 1000", "points"],
    [{ coach_ids: ["stranger"] }, "Coaches: stranger is not a staff member of this organization", "coach_ids"],
  ])("refuses %j: 400 naming the field", (input, message, field) => {
    const error = given().when(create(input)).thenRefused("VALIDATION", 400, message);
    expect(Object.keys((error.details as { fieldErrors: Record<string, string[]> }).fieldErrors)).toContain(field);
  });

  it("takes no capacity as no limit, and a one-off event of an hour", () => {
    given()
      .when(create({ capacity: null, start_date: "2026-12-05T10:00:00Z", end_date: "2026-12-05T11:00:00Z" }))
      .then([{ type: "AppointmentEventCreated", data: { eventId, organizationId: orgId, details: { ...details, capacity: null, startAt: "2026-12-05T10:00:00.000Z", endAt: "2026-12-05T11:00:00.000Z" } } }]);
  });

  it("edits, writes nothing for an unchanged body, and refuses a capacity below the registered count", () => {
    given(created).when(edit({ location: "Museum" })).then([{ type: "AppointmentEventEdited", data: { eventId, details: { ...details, location: "Museum" } } }]);
    given(created).when(edit({})).then([]);
    given(created, registered("p1"), registered("p2")).when(edit({ capacity: 1 })).thenRefused("VALIDATION", 400, "Capacity cannot be below the 2 participants registered");
  });
});

describe("events: registration and capacity", () => {
  it("registers until the capacity, then refuses with a clear message", () => {
    given(created).when(register("p1")).then([registered("p1")]);
    given(created, registered("p1")).when(register("p2")).then([registered("p2")]);
    given(created, registered("p1"), registered("p2")).when(register("p3")).thenRefused("EVENT_FULL", 409, "This event is full: all 2 places are taken.");
  });

  it("refuses a double registration, and frees a place on unregistration", () => {
    given(created, registered("p1")).when(register("p1")).thenRefused("ALREADY_REGISTERED", 409);
    given(created, registered("p1"), registered("p2"), unregistered("p1")).when(register("p3")).then([registered("p3")]);
    given(created).when(unregister("p1")).thenRefused("NOT_REGISTERED", 404);
  });

  it("keeps registrations once the event has ended, and lets them change while it runs", () => {
    givenAfter(created, registered("p1")).when(register("p2")).thenRefused("EVENT_ENDED", 409);
    givenAfter(created, registered("p1")).when(unregister("p1")).thenRefused("EVENT_ENDED", 409);
    givenDuring(created, registered("p1")).when(register("p2")).then([registered("p2")]);
  });
});

describe("events: attendance and deletion", () => {
  it("marks registered participants once the event has started, only what changed", () => {
    given(created, registered("p1")).when(attendance(["p1", "present"])).thenRefused("EVENT_NOT_STARTED", 409);
    givenDuring(created, registered("p1"), registered("p2")).when(attendance(["p1", "present"], ["p2", "absent"])).then([marked(["p1", "present"], ["p2", "absent"])]);
    givenDuring(created, registered("p1"), registered("p2"), marked(["p1", "present"])).when(attendance(["p1", "present"], ["p2", "present"])).then([marked(["p2", "present"])]);
    givenAfter(created, registered("p1"), marked(["p1", "present"])).when(attendance(["p1", "absent"])).then([marked(["p1", "absent"])]);
  });

  it("refuses a participant who is not registered, a bad status or a participant marked twice (400)", () => {
    givenDuring(created, registered("p1")).when(attendance(["p9", "present"])).thenRefused("VALIDATION", 400, "Attendance: p9 is not registered to this event");
    givenDuring(created, registered("p1")).when(attendance(["p1", "late"])).thenRefused("VALIDATION", 400, "Status must be present or absent");
    givenDuring(created, registered("p1")).when(attendance(["p1", "present"], ["p1", "absent"])).thenRefused("VALIDATION", 400, "Attendance: p1 is marked twice");
  });

  it("drops an unregistered participant's mark", () => {
    const state = givenDuring(created, registered("p1"), marked(["p1", "present"]), unregistered("p1")).state;
    expect(state).toMatchObject({ participantIds: [], attendance: {} });
  });

  it("deletes an event without attendance, and refuses once attendance is recorded", () => {
    given(created, registered("p1")).when(remove).then([{ type: "AppointmentEventDeleted", data: { eventId } }]);
    givenDuring(created, registered("p1"), marked(["p1", "absent"])).when(remove).thenRefused("EVENT_IN_USE", 409);
  });
});
