import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { ProgramBody, ProgramCommand, ProgramRules, RegistrationFacts } from "./commands";
import { programDecider, type CreatedProgram } from "./decide";
import type { ProgramDetails, ProgramEvent } from "./events";
import { sessionsBetween, sessionsOn } from "./sessions";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "org-1";
const programId = "prog-1";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const rules: ProgramRules = {
  cycleStart: "2026-09-01",
  cycleEnd: "2027-06-30",
  scheduleStart: 6,
  scheduleEnd: 23.5,
  hasSaturday: true,
  hasSunday: false,
  staffIds: ["coach-1", "coach-2"],
};

const body: ProgramBody = {
  name: "Homework Club",
  description: "Help with homework",
  type: "registered",
  activity_type: "Academic Support",
  category_type: "Youth",
  age_category: "Tweens",
  age_min: 10,
  age_max: 14,
  genders: [],
  members_limit: 2,
  start_date: "2026-09-01",
  end_date: "2027-06-30",
  sessions: [
    { week_day: 2, start_time: "15:30", end_time: "17:00" },
    { week_day: 4, start_time: "15:30", end_time: "17:00" },
  ],
  location: "Room 104",
  coach_ids: ["coach-1"],
  points_per_session: 5,
};

const details: ProgramDetails = {
  name: "Homework Club",
  description: "Help with homework",
  type: "registered",
  activityType: "Academic Support",
  categoryType: "Youth",
  ageCategory: "Tweens",
  ageMin: 10,
  ageMax: 14,
  genders: [],
  membersLimit: 2,
  waitlist: true,
  location: "Room 104",
  coachIds: ["coach-1"],
  pointsPerSession: 5,
};
const sessions = [
  { day: 2 as const, startTime: "15:30", endTime: "17:00" },
  { day: 4 as const, startTime: "15:30", endTime: "17:00" },
];
const plan = { from: "2026-09-01", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions };
const built: ProgramEvent = { type: "ProgramBuilt", data: { programId, organizationId: orgId, details, plan, copiedFrom: null } };
const ids = (participantId: string) => ({ programId, participantId });
const registered = (p: string): ProgramEvent => ({ type: "ParticipantRegisteredToProgram", data: ids(p) });
const waitlisted = (p: string): ProgramEvent => ({ type: "ParticipantWaitlistedForProgram", data: ids(p) });
const promoted = (p: string): ProgramEvent => ({ type: "ParticipantPromotedFromWaitlist", data: ids(p) });
const unregistered = (p: string): ProgramEvent => ({ type: "ParticipantUnregisteredFromProgram", data: ids(p) });

const build = (input: Partial<Record<keyof ProgramBody, unknown>> = {}, r: ProgramRules = rules): ProgramCommand => ({
  type: "BuildProgram",
  data: { programId, organizationId: orgId, input: { ...body, ...input }, rules: r },
  metadata,
});
const edit = (input: Partial<Record<keyof ProgramBody, unknown>>, today = "2026-11-23"): ProgramCommand => ({
  type: "EditProgram",
  data: { programId, input: { ...body, ...input }, rules, today },
  metadata,
});
const facts: RegistrationFacts = { age: 12, gender: "Female", placesThisCycle: 0, maxPrograms: 0 };
const register = (participantId: string, f: Partial<RegistrationFacts> = {}): ProgramCommand => ({
  type: "RegisterParticipantToProgram",
  data: { programId, participantId, facts: { ...facts, ...f } },
  metadata,
});
const unregister = (participantId: string): ProgramCommand => ({ type: "UnregisterParticipantFromProgram", data: { programId, participantId }, metadata });

const given = deciderSpec(programDecider, now);

describe("programs: build", () => {
  it("builds a program whose first schedule applies from its start date", () => {
    given().when(build()).then([built]);
  });

  it("refuses a second build", () => {
    given(built).when(build()).thenRefused("PROGRAM_ALREADY_EXISTS", 409);
  });

  it("refuses a session outside the organization's schedule window, naming the session and the field", () => {
    given()
      .when(build({ sessions: [{ week_day: 2, start_time: "05:30", end_time: "07:00" }] }))
      .thenRefused("VALIDATION", 400, "Session 1: Start Time must be at or after 6:00 AM, the organization's schedule start");
    const error = given()
      .when(build({ sessions: [body.sessions?.[0], { week_day: 3, start_time: "22:00", end_time: "23:45" }] }))
      .thenRefused("VALIDATION", 400, "Session 2: End Time must be at or before 11:30 PM, the organization's schedule end");
    expect(error.details).toEqual({ fieldErrors: { "sessions.1.end_time": [expect.any(String)] } });
  });

  it("refuses an end before a start: a session's times and the program's dates", () => {
    given()
      .when(build({ sessions: [{ week_day: 2, start_time: "17:00", end_time: "15:30" }] }))
      .thenRefused("VALIDATION", 400, "Session 1: End Time must be after Start Time");
    given().when(build({ start_date: "2027-01-10", end_date: "2027-01-03" })).thenRefused("VALIDATION", 400, "End Date must be on or after Start Date");
  });

  it("refuses a date outside the organization's cycle", () => {
    given()
      .when(build({ start_date: "2026-08-15" }))
      .thenRefused("VALIDATION", 400, "Start Date must be within the program cycle (2026-09-01 to 2027-06-30)");
    given()
      .when(build({ end_date: "2027-07-15" }))
      .thenRefused("VALIDATION", 400, "End Date must be within the program cycle (2026-09-01 to 2027-06-30)");
  });

  it("offers Saturday and Sunday only where the organization has them", () => {
    given()
      .when(build({ sessions: [{ week_day: 0, start_time: "10:00", end_time: "12:00" }] }))
      .thenRefused("VALIDATION", 400, "Session 1: Week Day cannot be Sunday: the organization has no Sunday programs");
    const saturday = [{ week_day: 6, start_time: "10:00", end_time: "12:00" }];
    expect(programDecider.decide(programDecider.initialState(), build({ sessions: saturday }), now)).toHaveLength(1);
    given()
      .when(build({ sessions: saturday }, { ...rules, hasSaturday: false }))
      .thenRefused("VALIDATION", 400, "Session 1: Week Day cannot be Saturday: the organization has no Saturday programs");
  });

  it("refuses overlapping sessions on a day, an unknown coach, bad ages and a missing name", () => {
    given()
      .when(build({ sessions: [body.sessions?.[0], { week_day: 2, start_time: "16:00", end_time: "18:00" }] }))
      .thenRefused("VALIDATION", 400, "Session 2 overlaps session 1 on Tuesday");
    given().when(build({ coach_ids: ["coach-1", "stranger"] })).thenRefused("VALIDATION", 400, "Coaches: stranger is not a staff member of this organization");
    given().when(build({ age_min: 15 })).thenRefused("VALIDATION", 400, "Age Max must be at least Age Min");
    given().when(build({ name: "  " })).thenRefused("VALIDATION", 400, "Name is required");
    given().when(build({ members_limit: 0 })).thenRefused("VALIDATION", 400, "Members Limit must be a whole number of at least 1, or empty for no limit");
    given().when(build({ sessions: [] })).thenRefused("VALIDATION", 400, "Choose at least one session");
    given()
      .when(build({ sessions: [{ week_day: 7, start_time: "10:00", end_time: "11:00" }] }))
      .thenRefused("VALIDATION", 400, "Week Day must be a whole number from 0 (Sunday) to 6 (Saturday)");
  });
});

describe("programs: registration with capacity and a waitlist", () => {
  it("registers while places are free, then waitlists in order", () => {
    given(built).when(register("kid-1")).then([registered("kid-1")]);
    given(built, registered("kid-1")).when(register("kid-2")).then([registered("kid-2")]);
    given(built, registered("kid-1"), registered("kid-2")).when(register("kid-3")).then([waitlisted("kid-3")]);
  });

  it("promotes the first waiting participant when a place frees, and only one per place", () => {
    const { state } = given(built, registered("kid-1"), registered("kid-2"), waitlisted("kid-3"), waitlisted("kid-4"));
    expect((state as CreatedProgram).waitlist).toEqual(["kid-3", "kid-4"]);
    given(built, registered("kid-1"), registered("kid-2"), waitlisted("kid-3"), waitlisted("kid-4"))
      .when(unregister("kid-1"))
      .then([unregistered("kid-1"), promoted("kid-3")]);
    const after = given(built, registered("kid-1"), registered("kid-2"), waitlisted("kid-3"), waitlisted("kid-4"), unregistered("kid-1"), promoted("kid-3"));
    expect((after.state as CreatedProgram).participantIds).toEqual(["kid-2", "kid-3"]);
    expect((after.state as CreatedProgram).waitlist).toEqual(["kid-4"]);
  });

  it("lets a waiting participant leave the waitlist without promoting anyone", () => {
    given(built, registered("kid-1"), registered("kid-2"), waitlisted("kid-3"))
      .when(unregister("kid-3"))
      .then([{ type: "ParticipantLeftProgramWaitlist", data: ids("kid-3") }]);
  });

  it("refuses a full program without a waitlist", () => {
    const noWaitlist: ProgramEvent = { type: "ProgramBuilt", data: { ...built.data, details: { ...details, waitlist: false } } } as ProgramEvent;
    given(noWaitlist, registered("kid-1"), registered("kid-2")).when(register("kid-3")).thenRefused("PROGRAM_FULL", 409, "This program is full.");
  });

  it("refuses a double registration, on the list or on the waitlist", () => {
    given(built, registered("kid-1")).when(register("kid-1")).thenRefused("ALREADY_REGISTERED", 409);
    given(built, registered("kid-1"), registered("kid-2"), waitlisted("kid-3"))
      .when(register("kid-3"))
      .thenRefused("ALREADY_WAITLISTED", 409, "This participant is already on the waitlist of this program");
  });

  it("promotes waiting participants when an edit raises the members limit", () => {
    given(built, registered("kid-1"), registered("kid-2"), waitlisted("kid-3"), waitlisted("kid-4"), waitlisted("kid-5"))
      .when(edit({ members_limit: 4 }))
      .then([
        { type: "ProgramEdited", data: { programId, details: { ...details, membersLimit: 4 } } },
        promoted("kid-3"),
        promoted("kid-4"),
      ]);
  });

  it("refuses a members limit below the registered count", () => {
    given(built, registered("kid-1"), registered("kid-2"))
      .when(edit({ members_limit: 1 }))
      .thenRefused("VALIDATION", 400, "Members Limit cannot be below the 2 participants registered");
  });
});

describe("programs: eligibility and the cycle limit", () => {
  it("refuses by age with the range and the participant's age", () => {
    given(built).when(register("kid-1", { age: 9 })).thenRefused("NOT_ELIGIBLE", 409, "This program is for ages 10 to 14; the participant is 9.");
    given(built).when(register("kid-1", { age: 15 })).thenRefused("NOT_ELIGIBLE", 409, "This program is for ages 10 to 14; the participant is 15.");
    given(built)
      .when(register("kid-1", { age: null }))
      .thenRefused("NOT_ELIGIBLE", 409, "This program is for ages 10 to 14; the participant has no date of birth on file.");
    given(built).when(register("kid-1", { age: 10 })).then([registered("kid-1")]);
  });

  it("refuses by gender, naming the genders the program is for", () => {
    const girls: ProgramEvent = { type: "ProgramBuilt", data: { ...built.data, details: { ...details, genders: ["Female", "Non-binary"] } } } as ProgramEvent;
    given(girls).when(register("kid-1", { gender: "Male" })).thenRefused("NOT_ELIGIBLE", 409, "This program is for Female and Non-binary participants.");
    given(girls).when(register("kid-1", { gender: "Non-binary" })).then([registered("kid-1")]);
  });

  it("refuses past max_no_of_programs places this cycle; 0 is no limit", () => {
    given(built)
      .when(register("kid-1", { placesThisCycle: 3, maxPrograms: 3 }))
      .thenRefused("PROGRAM_LIMIT_REACHED", 409, "This participant is registered to 3 programs this cycle, the most allowed.");
    given(built).when(register("kid-1", { placesThisCycle: 2, maxPrograms: 3 })).then([registered("kid-1")]);
    given(built).when(register("kid-1", { placesThisCycle: 40, maxPrograms: 0 })).then([registered("kid-1")]);
  });
});

describe("programs: schedule edits keep past sessions", () => {
  it("a new schedule applies from today; the sessions before today are still the old ones", () => {
    const moved = [{ week_day: 1, start_time: "16:00", end_time: "18:00" }];
    const newPlan = { from: "2026-11-23", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions: [{ day: 1 as const, startTime: "16:00", endTime: "18:00" }] };
    given(built).when(edit({ sessions: moved })).then([{ type: "ProgramScheduleChanged", data: { programId, plan: newPlan } }]);

    const { state } = given(built, { type: "ProgramScheduleChanged", data: { programId, plan: newPlan } });
    const { plans } = state as CreatedProgram;
    // the Tuesday before the edit met at 15:30 and still does; the Tuesday after has no session
    expect(sessionsOn(programId, plans, "2026-11-17")).toEqual([
      { date: "2026-11-17", day: 2, startTime: "15:30", endTime: "17:00", key: "prog-1:2026-11-17:15:30" },
    ]);
    expect(sessionsOn(programId, plans, "2026-11-24")).toEqual([]);
    expect(sessionsOn(programId, plans, "2026-11-30").map((s) => s.startTime)).toEqual(["16:00"]);
    const fortnight = sessionsBetween(programId, plans, "2026-11-16", "2026-11-29").map((s) => `${s.date} ${s.startTime}`);
    expect(fortnight).toEqual(["2026-11-17 15:30", "2026-11-19 15:30", "2026-11-23 16:00"]);
  });

  it("an edit of other fields writes no schedule version, and an unchanged edit writes nothing", () => {
    given(built).when(edit({ name: "Homework Help" })).then([{ type: "ProgramEdited", data: { programId, details: { ...details, name: "Homework Help" } } }]);
    given(built).when(edit({})).then([]);
  });
});

describe("programs: archive and delete", () => {
  const archive: ProgramCommand = { type: "ArchiveProgram", data: { programId, today: "2026-11-23" }, metadata };
  const remove = (today: string): ProgramCommand => ({ type: "DeleteProgram", data: { programId, today }, metadata });

  it("archives once; an archived program takes no registration and no edit, and has no sessions after", () => {
    given(built).when(archive).then([{ type: "ProgramArchived", data: { programId, on: "2026-11-23" } }]);
    const archived: ProgramEvent = { type: "ProgramArchived", data: { programId, on: "2026-11-23" } };
    given(built, archived).when(archive).thenRefused("PROGRAM_ARCHIVED", 409);
    given(built, archived).when(register("kid-1")).thenRefused("PROGRAM_ARCHIVED", 409, "This program is archived");
    given(built, archived).when(edit({ name: "x" })).thenRefused("PROGRAM_ARCHIVED", 409);
  });

  it("deletes an unused program that has not started; otherwise says to archive", () => {
    given(built).when(remove("2026-08-20")).then([{ type: "ProgramDeleted", data: { programId } }]);
    given(built).when(remove("2026-11-23")).thenRefused("PROGRAM_IN_USE", 409, "This program has registrations or past sessions. Archive it instead.");
    given(built, registered("kid-1"), unregistered("kid-1")).when(remove("2026-08-20")).thenRefused("PROGRAM_IN_USE", 409);
    given(built, { type: "ProgramDeleted", data: { programId } }).when(register("kid-1")).thenRefused("PROGRAM_NOT_FOUND", 404);
  });
});
