import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { fixedClock, idFrom, isDomainError, kernelMigrations, newId, type CommandMetadata } from "../../modules/kernel";
import { registerOrganization } from "../../modules/organizations";
import {
  addDays,
  buildProgram,
  createProgram,
  occursOn,
  programStreamId,
  registerParticipantToProgram,
  unregisterParticipantFromProgram,
  type CreateProgramInput,
  type ProgramSchedule,
} from "../../modules/programs";
import { buildShadow, ProjectionRunner } from "../../projections";
import { organizationsMigration } from "../../projections/organizations";
import { programsBuilderMigration, programsMigration, programsOn, programsForParticipantOn, programsProjection, programParticipantIds } from "../../projections/programs";
import type { ReadModels } from "../../projections/read-models";
import { demoProgramId, demoRegistrationsOf, seedDemoPrograms } from "../factories/programs";
import { committedHead, dumpTables } from "../support/read-model";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const WEDNESDAY = "2026-11-25";
const SATURDAY = "2026-11-28";
const NEXT_WEDNESDAY = "2026-12-02";
const weekly = (days: (0 | 1 | 2 | 3 | 4 | 5 | 6)[]): ProgramSchedule => ({ kind: "weekly", days, startDate: "2026-09-01", endDate: "2027-06-30" });

describe("programs: commands, stream and today's programs", () => {
  let database: TestDatabase;
  let db: Kysely<ReadModels>;
  const clock = fixedClock("2026-11-23T14:00:00.000Z"); // Monday, 9:00 in Toronto
  const deps = () => ({ store: database.store, clock });
  const runner = () => new ProjectionRunner({ db: database.db, store: database.store, projection: programsProjection, batchSize: 3 });
  const meta = (organizationId: string | null, commandId = newId()): CommandMetadata => ({ commandId, organizationId, actorId: "admin-1" });

  const orgId = newId();
  const otherOrgId = newId();
  const kidA = idFrom("kid", "a");
  const kidB = idFrom("kid", "b");
  const ids = { club: newId(), gym: newId(), soccer: newId(), museum: newId(), otherGym: newId() };

  const create = async (data: Omit<CreateProgramInput, "programId" | "organizationId">, programId: string, organizationId = orgId) => {
    const result = await createProgram(deps(), { type: "CreateProgram", data: { ...data, programId, organizationId }, metadata: meta(organizationId) });
    if (!result.ok) throw result.error;
    return result;
  };
  const register = (programId: string, participantId: string, scope: string | null = orgId) =>
    registerParticipantToProgram(deps(), { type: "RegisterParticipantToProgram", data: { programId, participantId }, metadata: meta(scope) });
  const unregister = (programId: string, participantId: string) =>
    unregisterParticipantFromProgram(deps(), { type: "UnregisterParticipantFromProgram", data: { programId, participantId }, metadata: meta(orgId) });
  const names = (rows: { name: string; start_label: string; end_label: string }[]) => rows.map((r) => `${r.start_label}-${r.end_label} ${r.name}`);

  beforeAll(async () => {
    database = await createTestDatabase("programs", {
      migrations: { ...kernelMigrations, "0200-projection-organizations": organizationsMigration, "0500-projection-programs": programsMigration, "0501-projection-programs-builder": programsBuilderMigration },
    });
    db = database.db as Kysely<ReadModels>;
    for (const [id, name] of [[orgId, "Northside Youth Centre"], [otherOrgId, "Eastside Club"]] as const) {
      const result = await registerOrganization(deps(), { type: "RegisterOrganization", data: { organizationId: id, name, type: "other" }, metadata: meta(null) });
      expect(result.ok).toBe(true);
    }
  });
  afterAll(() => database.drop());

  it("creates programs, registers participants and lists a participant's programs of the day by start time", async () => {
    await create({ name: "After School Club", type: "registered", schedule: weekly([1, 2, 3, 4, 5]), startTime: "15:30", endTime: "17:30" }, ids.club);
    await create({ name: "Open Gym", type: "dropin", schedule: weekly([0, 1, 2, 3, 4, 5, 6]), startTime: "18:00", endTime: "20:00", location: "Gymnasium" }, ids.gym);
    await create({ name: "Saturday Soccer", type: "event", schedule: weekly([6]), startTime: "10:00", endTime: "12:00" }, ids.soccer);
    await create({ name: "Museum Trip", type: "partner", schedule: { kind: "dates", dates: [NEXT_WEDNESDAY, WEDNESDAY] }, startTime: "09:30", endTime: "14:00" }, ids.museum);
    await create({ name: "Morning Drop-in", type: "dropin", schedule: weekly([3]), startTime: "07:00", endTime: "08:00" }, ids.otherGym, otherOrgId);
    for (const programId of [ids.club, ids.soccer, ids.museum]) expect((await register(programId, kidA)).ok).toBe(true);
    expect((await register(ids.soccer, kidB)).ok).toBe(true);

    await runner().catchUp({ atLeast: await committedHead(database.db) });

    const wednesdayA = await programsForParticipantOn(db, orgId, kidA, WEDNESDAY);
    expect(names(wednesdayA)).toEqual(["9:30 AM-2:00 PM Museum Trip", "3:30 PM-5:30 PM After School Club", "6:00 PM-8:00 PM Open Gym"]);
    expect(wednesdayA[0]).toEqual({
      id: ids.museum,
      name: "Museum Trip",
      type: "partner",
      start_date: WEDNESDAY,
      end_date: NEXT_WEDNESDAY,
      start_time: "09:30",
      end_time: "14:00",
      start_label: "9:30 AM",
      end_label: "2:00 PM",
      location: null,
      registered: true,
    });
    expect(wednesdayA.map((r) => [r.type, r.registered])).toEqual([["partner", true], ["registered", true], ["dropin", false]]);
    // a drop-in program is everyone's; the other organization's drop-in is not
    expect(names(await programsForParticipantOn(db, orgId, kidB, WEDNESDAY))).toEqual(["6:00 PM-8:00 PM Open Gym"]);
    expect(names(await programsForParticipantOn(db, orgId, kidA, SATURDAY))).toEqual(["10:00 AM-12:00 PM Saturday Soccer", "6:00 PM-8:00 PM Open Gym"]);
    expect(names(await programsOn(db, orgId, WEDNESDAY))).toEqual(["9:30 AM-2:00 PM Museum Trip", "3:30 PM-5:30 PM After School Club", "6:00 PM-8:00 PM Open Gym"]);
    expect(await programParticipantIds(db, orgId, ids.soccer)).toEqual([kidA, kidB].sort());
  });

  it("agrees with occursOn on every day around the programs' edges", async () => {
    const { events } = await database.store.readStream(programStreamId(ids.museum));
    expect(events[0]?.type).toBe("ProgramCreated");
    const programs = await Promise.all(
      [ids.club, ids.gym, ids.soccer, ids.museum].map(async (id) => (await database.store.readStream(programStreamId(id))).events[0]!.data as CreateProgramInput),
    );
    for (const start of ["2026-08-29", "2026-11-21", "2027-06-26"]) {
      for (let i = 0; i < 10; i++) {
        const date = addDays(start, i);
        const expected = programs.filter((p) => occursOn(p, date)).map((p) => p.programId).sort();
        expect((await programsOn(db, orgId, date)).map((r) => r.id).sort(), date).toEqual(expected);
      }
    }
  });

  it("refuses a second registration and an unknown unregistration, and follows an unregistration", async () => {
    const again = await register(ids.club, kidA);
    expect(!again.ok && again.error.toJSON()).toEqual({ code: "ALREADY_REGISTERED", message: "This participant is already registered to this program" });
    expect(!again.ok && again.error.status).toBe(409);
    const unknown = await unregister(ids.club, kidB);
    expect(!unknown.ok && [unknown.error.code, unknown.error.status]).toEqual(["NOT_REGISTERED", 404]);

    expect((await unregister(ids.club, kidA)).ok).toBe(true);
    await runner().catchUp({ atLeast: await committedHead(database.db) });
    expect(names(await programsForParticipantOn(db, orgId, kidA, NEXT_WEDNESDAY))).toEqual(["9:30 AM-2:00 PM Museum Trip", "6:00 PM-8:00 PM Open Gym"]);
    expect(await programsForParticipantOn(db, otherOrgId, kidA, SATURDAY)).toEqual([]); // 'No programs today.'
    expect((await database.store.readStream(programStreamId(ids.club))).events.map((e) => e.type)).toEqual([
      "ProgramCreated",
      "ParticipantRegisteredToProgram",
      "ParticipantUnregisteredFromProgram",
    ]);
  });

  it("scopes commands to the organization and refuses bad input without appending", async () => {
    const foreign = await register(ids.club, kidB, otherOrgId);
    expect(!foreign.ok && foreign.error.status).toBe(404); // another organization's program is as unknown as a missing one (decision 044)
    const missing = await register(newId(), kidB);
    expect(!missing.ok && missing.error.code).toBe("PROGRAM_NOT_FOUND");
    const noOrg = newId();
    const orphan = await createProgram(deps(), {
      type: "CreateProgram",
      data: { programId: newId(), organizationId: noOrg, name: "Ghost", type: "event", schedule: weekly([1]), startTime: "10:00", endTime: "11:00" },
      metadata: meta(noOrg),
    });
    expect(!orphan.ok && orphan.error.code).toBe("ORGANIZATION_NOT_FOUND");
    const badId = newId();
    const invalid = await createProgram(deps(), {
      type: "CreateProgram",
      data: { programId: badId, organizationId: orgId, name: "Late", type: "event", schedule: weekly([1]), startTime: "20:00", endTime: "19:00" },
      metadata: meta(orgId),
    });
    expect(!invalid.ok && invalid.error.toJSON()).toEqual({ code: "VALIDATION", message: "End Time must be after Start Time" });
    expect((await database.store.readStream(programStreamId(badId))).streamExists).toBe(false);
    const error = await programsOn(db, orgId, "2026-11-31").catch((e: unknown) => e);
    expect(isDomainError(error) && [error.code, error.status]).toEqual(["VALIDATION", 400]);
  });

  it("seeds the demo programs once, with a fixed subset of registrations, shown on the seeding day", async () => {
    const demoOrgId = newId();
    await registerOrganization(deps(), { type: "RegisterOrganization", data: { organizationId: demoOrgId, name: "Demo", type: "school" }, metadata: meta(null) });
    const participants = [idFrom("demo-kid", 0), idFrom("demo-kid", 1), idFrom("demo-kid", 2)];
    const first = await seedDemoPrograms(deps(), demoOrgId, participants);
    const expected = participants.flatMap((_, i) => demoRegistrationsOf(i)).length;
    expect(first.registrations).toBe(expected);
    const head = await database.store.headPosition();
    await seedDemoPrograms(deps(), demoOrgId, participants);
    expect(await database.store.headPosition()).toBe(head);

    await runner().catchUp({ atLeast: await committedHead(database.db) });
    const today = "2026-11-23"; // Monday in Toronto
    const names0 = names(await programsForParticipantOn(db, demoOrgId, participants[0]!, today));
    expect(names0).toEqual(["9:30 AM-2:00 PM Museum Trip", "3:30 PM-5:30 PM After School Club", "6:00 PM-8:00 PM Open Gym"]);
    expect(names(await programsForParticipantOn(db, demoOrgId, participants[2]!, today))).toEqual(["6:00 PM-8:00 PM Open Gym"]);
    expect(names(await programsOn(db, demoOrgId, "2026-11-28"))).toEqual(["10:00 AM-12:00 PM Saturday Soccer", "6:00 PM-8:00 PM Open Gym"]);
    expect(first.programIds["open-gym"]).toBe(demoProgramId(demoOrgId, "open-gym"));
  });

  it("ends where a rebuild would", async () => {
    await runner().catchUp({ atLeast: await committedHead(database.db) });
    await buildShadow({ db: database.db, store: database.store, projection: programsProjection, schema: "expected" });
    const tables = programsProjection.tables;
    expect(await dumpTables(database.db, "public", tables)).toEqual(await dumpTables(database.db, "expected", tables));
  });

  it("lets exactly 10 of 50 racing registrations take the last 10 places, by the expected revision alone", async () => {
    const programId = newId();
    const input = { name: "Last Places", type: "registered", activity_type: "Sport", start_date: "2026-09-01", end_date: "2027-06-30", sessions: [{ week_day: 2, start_time: "16:00", end_time: "17:00" }], members_limit: 12 };
    const built = await buildProgram(deps(), { type: "BuildProgram", data: { programId, organizationId: orgId, input, rules: {} }, metadata: meta(orgId) });
    expect(built.ok).toBe(true);
    const facts = { age: 12, gender: "Female", placesThisCycle: 0, maxPrograms: 0 };
    // no turns inside this process: every registration reads, decides and appends as a separate process would
    const racing = { ...deps(), takeTurns: false };
    const send = (participantId: string) =>
      registerParticipantToProgram(racing, { type: "RegisterParticipantToProgram", data: { programId, participantId, facts }, metadata: meta(orgId) });
    for (const kid of ["first", "second"]) expect((await send(idFrom("kid", kid))).ok).toBe(true);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(idFrom("racer", String(i)))));
    expect(results.every((r) => r.ok)).toBe(true);
    const kinds = results.flatMap((r) => (r.ok ? r.events.map((e) => e.type) : []));
    expect(kinds.filter((k) => k === "ParticipantRegisteredToProgram")).toHaveLength(10);
    expect(kinds.filter((k) => k === "ParticipantWaitlistedForProgram")).toHaveLength(40);
    const stream = await database.store.readStream(programStreamId(programId));
    expect(stream.events.filter((e) => e.type === "ParticipantRegisteredToProgram")).toHaveLength(12);
    expect(stream.events.filter((e) => e.type === "ParticipantWaitlistedForProgram")).toHaveLength(40);
  }, 120_000);
});
