import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestExport } from "../../modules/exports";
import { fixedClock, idFrom, kernelMigrations, newId, type CommandMetadata } from "../../modules/kernel";
import { defaultSettings, loadOrganization, registerOrganization, updateOrganizationSettings } from "../../modules/organizations";
import { loadScreeningFact, submitScreening } from "../../modules/screening";
import { createParticipant, demoParticipant } from "../factories/participants";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Decisions take "today" in the time zone read from the organization's stream (decision 032), on the
 * real PostgreSQL event store with a fixed clock: at 06:30Z on 2026-11-24 it is 01:30 on the 24th in
 * Toronto and still 22:30 on the 23rd in Vancouver.
 */
describe("the organization's time zone in decisions (streams, fixed clock)", () => {
  let database: TestDatabase;
  const clock = fixedClock("2026-11-24T06:30:00.000Z");
  const deps = () => ({ store: database.store, clock });
  const org = { id: newId(), name: "Harbour Youth Club", type: "other" as const };
  const admin = { userId: "admin-1", level: 3, roleName: "ADMIN" };
  const meta = (commandId = newId()): CommandMetadata & { organizationId: string } => ({ commandId, organizationId: org.id, actorId: admin.userId });
  let participantId: string;
  const allNo = ["symptoms", "contact", "isolate"].map((question_id) => ({ question_id, answer: "NO" }));

  beforeAll(async () => {
    database = await createTestDatabase("time_zone_days", { migrations: { ...kernelMigrations } });
    const registered = await registerOrganization(deps(), { type: "RegisterOrganization", data: { organizationId: org.id, name: org.name, type: org.type }, metadata: { ...meta(), organizationId: null } });
    expect(registered.ok).toBe(true);
    const address = { address: "", unit: "", street_address: "1 Harbour Road", city: "Vancouver", state: "British Columbia", postal_code: "V6B 1A1" };
    const settings = { ...defaultSettings(org.name, org.type), address, is_daily_screening_form: true, time_zone: "America/Vancouver" };
    const updated = await updateOrganizationSettings(deps(), { type: "UpdateOrganizationSettings", data: { organizationId: org.id, settings }, metadata: meta() });
    expect(updated.ok, updated.ok ? "" : updated.error.message).toBe(true);
    const seed = demoParticipant(org, 0, 1, new Date("2026-01-05T12:00:00.000Z"));
    participantId = seed.input.participantId;
    await createParticipant(deps(), seed);
  }, 60_000);
  afterAll(() => database?.drop());

  it("keeps the zone in the organization's stream", async () => {
    expect((await loadOrganization(database.store, org.id))?.settings.time_zone).toBe("America/Vancouver");
  });

  it("files the daily screening under the organization's day, and the check-in gate finds it on that day", async () => {
    const outcome = await submitScreening(deps(), { participantId, actor: admin, kind: "fill", answers: allNo }, meta(idFrom("tz-screening", participantId)));
    expect(outcome.day).toBe("2026-11-23");
    expect(outcome.state.status).toBe("filled");
    // a check-in now (the 23rd in Vancouver) finds it; one at 01:00 on the 24th in Vancouver does not (decision 135:
    // the organization's day at the check-in's time, whatever day bounds the device sent)
    expect(await loadScreeningFact(database.store, org.id, participantId, clock.now())).toEqual({ required: true, filled: true });
    expect(await loadScreeningFact(database.store, org.id, participantId, "2026-11-24T09:00:00.000Z")).toEqual({ required: true, filled: false });
  });

  it("dates an export in the organization's zone, whatever zone the request names", async () => {
    const result = await requestExport(deps(), { request: { kind: "participants", filters: { statuses: [], search: "", timeZone: "UTC" } }, permissionIds: ["CAN_EXPORT_PARTICIPANT_PROFILE"] }, meta());
    expect(result.ok, result.ok ? "" : result.error.message).toBe(true);
    expect(result.ok && result.events[0]!.data).toMatchObject({ fileName: "participants-11-23-2026.csv", filters: { timeZone: "America/Vancouver" } });
  });
});
