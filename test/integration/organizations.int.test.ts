import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { fixedClock, idFrom, newId, type CommandMetadata } from "../../modules/kernel";
import {
  changeTheme,
  defaultSettings,
  enabledFeatures,
  loadOrganization,
  organizationStreamId,
  registerOrganization,
  updateOrganizationSettings,
  type OrganizationSettings,
  type OrganizationSettingsInput,
} from "../../modules/organizations";
import { allMigrations, buildShadow, ProjectionRunner } from "../../projections";
import { getOrganization, listOrganizations, organizationsMigration, organizationsProjection, type OrganizationTables } from "../../projections/organizations";
import { committedHead, dumpTables } from "../support/read-model";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const address = { street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" };

describe("organizations: commands, stream and read model", () => {
  let database: TestDatabase;
  let db: Kysely<OrganizationTables>;
  const clock = fixedClock("2026-11-21T08:30:00.000Z");
  const deps = () => ({ store: database.store, clock });
  const runner = () => new ProjectionRunner({ db: database.db, store: database.store, projection: organizationsProjection, batchSize: 2 });
  const meta = (organizationId: string | null, commandId = newId()): CommandMetadata => ({ commandId, organizationId, actorId: "admin-1" });

  beforeAll(async () => {
    database = await createTestDatabase("organizations", {
      migrations: { ...allMigrations, "0200-projection-organizations": organizationsMigration },
    });
    db = database.db as Kysely<OrganizationTables>;
  });
  afterAll(() => database.drop());

  it("projects a registration as the demo seed appends it, with the default settings and colour", async () => {
    // the shape test/factories/demo-seed.ts appends on `organization-{id}`, straight into the store
    const organizations = [
      { id: idFrom("org-test", "maple"), name: "Maple Street School", type: "school" as const },
      { id: idFrom("org-test", "northside"), name: "northside Youth Centre", type: "other" as const },
    ];
    for (const org of organizations) {
      const commandId = idFrom("seed", org.id);
      await database.store.appendToStream(organizationStreamId(org.id), [
        {
          type: "OrganizationRegistered",
          data: { organizationId: org.id, name: org.name, type: org.type },
          eventId: idFrom(commandId, 0),
          metadata: { organizationId: org.id, actorId: null, commandId, correlationId: commandId, causationId: null, occurredAt: "2026-11-20T12:00:00.000Z" },
        },
      ]);
    }
    await runner().catchUp({ atLeast: await committedHead(database.db) });
    const [maple] = organizations;
    const row = await getOrganization(db, maple!.id);
    expect(row).toMatchObject({ id: maple!.id, name: maple!.name, type: "school", main_color: "#95358F", revision: 0 });
    expect(row?.settings).toEqual(defaultSettings(maple!.name, "school"));
    expect((await listOrganizations(db)).map((o) => o.name)).toEqual(["Maple Street School", "northside Youth Centre"]);
  });

  it("registers, updates settings and changes the theme through the handlers, and reads them back", async () => {
    const id = newId();
    const registered = await registerOrganization(deps(), {
      type: "RegisterOrganization",
      data: { organizationId: id, name: "Eastside Club", type: "other" },
      metadata: meta(null),
    });
    expect(registered.ok).toBe(true);

    const input: OrganizationSettingsInput = {
      name: "Eastside Community Club",
      type: "other",
      school_option: "Eastside Board",
      address,
      support_email: "help@eastside.example",
      features: { program: { is_enabled: true, program_cycle_start: "2026-09-01", program_cycle_end: "2027-06-30" }, event: { is_enabled: true } },
    };
    clock.advance(60_000);
    const updated = await updateOrganizationSettings(deps(), { type: "UpdateOrganizationSettings", data: { organizationId: id, settings: input }, metadata: meta(id) });
    expect(updated.ok).toBe(true);
    const themed = await changeTheme(deps(), { type: "ChangeTheme", data: { organizationId: id, mainColor: "#30a46c" }, metadata: meta(id) });
    expect(themed.ok).toBe(true);

    const stream = await database.store.readStream(organizationStreamId(id));
    expect(stream.events.map((e) => e.type)).toEqual(["OrganizationRegistered", "OrganizationSettingsUpdated", "OrganizationThemeChanged"]);
    expect(stream.events.every((e) => e.metadata.organizationId === id)).toBe(true);

    await runner().catchUp({ atLeast: await committedHead(database.db) });
    const row = await getOrganization(db, id);
    expect(row).toMatchObject({ name: "Eastside Community Club", type: "other", main_color: "#30A46C", revision: 2 });
    expect(row?.updated_at.toISOString()).toBe("2026-11-21T08:31:00.000Z");
    const settings = row!.settings as OrganizationSettings;
    expect(settings.address).toEqual({ ...address, address: "", unit: "" });
    expect(settings.features.program).toMatchObject({ program_schedule_start: 6, program_schedule_end: 23.5, max_no_of_programs: 0 });
    expect(enabledFeatures(settings)).toEqual(["program", "event"]);
    expect((await loadOrganization(database.store, id))?.settings).toEqual(settings);
  });

  it("appends no event for invalid settings, an unknown organization, a foreign organization or a second registration", async () => {
    const id = newId();
    await registerOrganization(deps(), { type: "RegisterOrganization", data: { organizationId: id, name: "Westside", type: "school" }, metadata: meta(id) });

    const invalid = await updateOrganizationSettings(deps(), {
      type: "UpdateOrganizationSettings",
      data: { organizationId: id, settings: { name: "Westside", type: "school", school_option: "Board", address: { ...address, postal_code: "" }, support_email: "nope" } },
      metadata: meta(id),
    });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) {
      expect(invalid.error.toJSON()).toEqual({ code: "VALIDATION", message: "Postal Code is required" });
      expect(invalid.error.status).toBe(400);
      expect(invalid.error.details).toEqual({
        fieldErrors: { "address.postal_code": ["Postal Code is required"], support_email: ["Support Email must be a valid e-mail"] },
      });
    }

    const unknown = newId();
    const missing = await changeTheme(deps(), { type: "ChangeTheme", data: { organizationId: unknown, mainColor: "#0090FF" }, metadata: meta(unknown) });
    expect(!missing.ok && missing.error.status).toBe(404);
    const foreign = await changeTheme(deps(), { type: "ChangeTheme", data: { organizationId: id, mainColor: "#0090FF" }, metadata: meta(newId()) });
    expect(!foreign.ok && foreign.error.status).toBe(403);
    const again = await registerOrganization(deps(), { type: "RegisterOrganization", data: { organizationId: id, name: "Westside", type: "school" }, metadata: meta(id) });
    expect(!again.ok && again.error.status).toBe(409);

    expect((await database.store.readStream(organizationStreamId(id))).events).toHaveLength(1);
    expect((await database.store.readStream(organizationStreamId(unknown))).streamExists).toBe(false);
  });

  it("answers a resent command from the stream and ends where a rebuild would", async () => {
    const id = newId();
    await registerOrganization(deps(), { type: "RegisterOrganization", data: { organizationId: id, name: "Southside", type: "other" }, metadata: meta(id) });
    const command = { type: "ChangeTheme" as const, data: { organizationId: id, mainColor: "#F76B15" }, metadata: meta(id, "theme-once") };
    await changeTheme(deps(), command);
    const resent = await changeTheme(deps(), command);
    expect(resent.ok && resent.replayed).toBe(true);
    expect((await database.store.readStream(organizationStreamId(id))).events).toHaveLength(2);

    await runner().catchUp({ atLeast: await committedHead(database.db) });
    expect((await getOrganization(db, id))?.main_color).toBe("#F76B15");
    await buildShadow({ db: database.db, store: database.store, projection: organizationsProjection, schema: "expected" });
    const tables = organizationsProjection.tables;
    expect(await dumpTables(database.db, "public", tables)).toEqual(await dumpTables(database.db, "expected", tables));
  });
});
