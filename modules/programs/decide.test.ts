import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { CreateProgramInput, ProgramCommand } from "./commands";
import { programDecider } from "./decide";
import type { ProgramEvent } from "./events";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const programId = "5b0e8c3a-1f2d-4e5f-8a9b-0c1d2e3f4a5b";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const definition = {
  programId,
  organizationId: orgId,
  name: "After School Club",
  type: "registered" as const,
  schedule: { kind: "weekly" as const, days: [1, 2, 3, 4, 5] as (1 | 2 | 3 | 4 | 5)[], startDate: "2026-09-01", endDate: "2027-06-30" },
  startTime: "15:30",
  endTime: "17:30",
};
const created: ProgramEvent = { type: "ProgramCreated", data: definition };
const registeredEvent = (participantId: string): ProgramEvent => ({ type: "ParticipantRegisteredToProgram", data: { programId, participantId } });
const unregisteredEvent = (participantId: string): ProgramEvent => ({ type: "ParticipantUnregisteredFromProgram", data: { programId, participantId } });

const create = (data: Partial<Record<keyof CreateProgramInput, unknown>> = {}): ProgramCommand => ({
  type: "CreateProgram",
  data: { ...definition, ...data } as CreateProgramInput,
  metadata,
});
const register = (participantId: string): ProgramCommand => ({ type: "RegisterParticipantToProgram", data: { programId, participantId }, metadata });
const unregister = (participantId: string): ProgramCommand => ({ type: "UnregisterParticipantFromProgram", data: { programId, participantId }, metadata });

/** given the events so far / when the command / then the events or the error */
const given = deciderSpec(programDecider, now);

describe("programs: decide CreateProgram", () => {
  it("creates a weekly program", () => {
    given().when(create()).then([created]);
  });

  it("creates a program on dates, sorted and de-duplicated, with a trimmed name and location", () => {
    const schedule = { kind: "dates", dates: ["2026-12-12", "2026-11-28", "2026-12-12"] };
    given()
      .when(create({ name: "  Museum Trip ", type: "partner", schedule, location: " Royal Ontario Museum ", startTime: "09:30", endTime: "14:00" }))
      .then([
        {
          type: "ProgramCreated",
          data: {
            ...definition,
            name: "Museum Trip",
            type: "partner",
            schedule: { kind: "dates", dates: ["2026-11-28", "2026-12-12"] },
            startTime: "09:30",
            endTime: "14:00",
            location: "Royal Ontario Museum",
          },
        },
      ]);
  });

  it("drops a blank location", () => {
    given().when(create({ location: "  " })).then([created]);
  });

  it("refuses a second creation", () => {
    given(created).when(create()).thenRefused("PROGRAM_ALREADY_EXISTS", 409, "Program already exists");
  });

  it("refuses an end time that is not after the start time", () => {
    const error = given().when(create({ endTime: "15:30" })).thenRefused("VALIDATION", 400, "End Time must be after Start Time");
    expect(error.details).toEqual({ fieldErrors: { endTime: ["End Time must be after Start Time"] } });
    given().when(create({ startTime: "18:00" })).thenRefused("VALIDATION", 400, "End Time must be after Start Time");
    given().when(create({ startTime: "3:30 PM" })).thenRefused("VALIDATION", 400, "Start Time must be a time like 15:30");
  });

  it("refuses a schedule without a day or a date, or with an end date before the start date", () => {
    given()
      .when(create({ schedule: { ...definition.schedule, days: [] } }))
      .thenRefused("VALIDATION", 400, "Choose at least one day");
    given().when(create({ schedule: { kind: "dates", dates: [] } })).thenRefused("VALIDATION", 400, "Choose at least one date");
    given()
      .when(create({ schedule: { ...definition.schedule, startDate: "2027-01-01", endDate: "2026-12-31" } }))
      .thenRefused("VALIDATION", 400, "End Date must be on or after Start Date");
    given()
      .when(create({ schedule: { ...definition.schedule, days: [7] } }))
      .thenRefused("VALIDATION", 400, "Days must be whole numbers from 0 (Sunday) to 6 (Saturday)");
    given()
      .when(create({ schedule: { kind: "dates", dates: ["2026-02-30"] } }))
      .thenRefused("VALIDATION", 400, "Date must be a date like 2026-11-23");
    given().when(create({ schedule: { kind: "monthly" } })).thenRefused("VALIDATION", 400, "Schedule must be weekly or dates");
  });

  it("refuses an unknown type and a missing name", () => {
    given().when(create({ type: "camp" })).thenRefused("VALIDATION", 400, "Type must be event, dropin, partner or registered");
    const error = given().when(create({ name: " ", type: undefined })).thenRefused("VALIDATION", 400, "Name is required");
    expect(error.details).toEqual({ fieldErrors: { name: ["Name is required"], type: ["Type is required"] } });
  });
});

describe("programs: decide registrations", () => {
  it("registers a participant", () => {
    given(created).when(register("kid-1")).then([registeredEvent("kid-1")]);
  });

  it("refuses registering twice, and allows it again after an unregistration", () => {
    given(created, registeredEvent("kid-1"))
      .when(register("kid-1"))
      .thenRefused("ALREADY_REGISTERED", 409, "This participant is already registered to this program");
    given(created, registeredEvent("kid-1"), unregisteredEvent("kid-1")).when(register("kid-1")).then([registeredEvent("kid-1")]);
  });

  it("unregisters a registered participant", () => {
    given(created, registeredEvent("kid-1"), registeredEvent("kid-2")).when(unregister("kid-1")).then([unregisteredEvent("kid-1")]);
  });

  it("refuses unregistering someone who is not registered", () => {
    given(created).when(unregister("kid-1")).thenRefused("NOT_REGISTERED", 404, "This participant is not registered to this program");
    given(created, registeredEvent("kid-1"), unregisteredEvent("kid-1"))
      .when(unregister("kid-1"))
      .thenRefused("NOT_REGISTERED", 404);
  });

  it("refuses registration changes on a program that does not exist, and a blank participant", () => {
    given().when(register("kid-1")).thenRefused("PROGRAM_NOT_FOUND", 404, "Program not found");
    given().when(unregister("kid-1")).thenRefused("PROGRAM_NOT_FOUND", 404, "Program not found");
    given(created).when(register(" ")).thenRefused("VALIDATION", 400, "Participant is required");
  });
});

describe("programs: evolve", () => {
  it("keeps the definition and the participants registered now, in order", () => {
    const { state } = given(created, registeredEvent("kid-1"), registeredEvent("kid-2"), registeredEvent("kid-3"), unregisteredEvent("kid-2"));
    expect(state).toMatchObject({ status: "created", legacy: definition, participantIds: ["kid-1", "kid-3"], waitlist: [] });
    expect(state).toMatchObject({ plans: [{ from: "2026-09-01", cycleStart: "2026-09-01", cycleEnd: "2027-06-30" }] });
  });
});
