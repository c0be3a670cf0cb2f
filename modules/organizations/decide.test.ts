import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { OrganizationCommand } from "./commands";
import { organizationDecider, sameValue } from "./decide";
import type { OrganizationEvent } from "./events";
import { defaultSettings, type OrganizationSettings } from "./settings";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-21T08:30:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const registered: OrganizationEvent = { type: "OrganizationRegistered", data: { organizationId: orgId, name: "Maple Street School", type: "school" } };
const address = { address: "", street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3", unit: "" };
const validSettings = (): OrganizationSettings => ({ ...defaultSettings("Maple Street School", "school"), address });

const register = (data: Partial<{ name: string; type: "school" | "other" }> = {}): OrganizationCommand => ({
  type: "RegisterOrganization",
  data: { organizationId: orgId, name: "Maple Street School", type: "school", ...data },
  metadata,
});
const update = (settings: unknown): OrganizationCommand => ({
  type: "UpdateOrganizationSettings",
  data: { organizationId: orgId, settings: settings as OrganizationSettings },
  metadata,
});
const changeTheme = (mainColor: string): OrganizationCommand => ({ type: "ChangeTheme", data: { organizationId: orgId, mainColor }, metadata });

/** given the events so far / when the command / then the events or the error */
const given = deciderSpec(organizationDecider, now);

describe("organizations: decide", () => {
  it("registers a new organization", () => {
    given().when(register()).then([registered]);
  });

  it("deactivates a registered organization once (decision 067); an unknown one is 404", () => {
    const deactivate: OrganizationCommand = { type: "DeactivateOrganization", data: { organizationId: orgId }, metadata };
    const deactivated: OrganizationEvent = { type: "OrganizationDeactivated", data: { organizationId: orgId, deactivatedBy: "admin-1" } };
    given(registered).when(deactivate).then([deactivated]);
    given(registered, deactivated).when(deactivate).then([]);
    given().when(deactivate).thenRefused("ORGANIZATION_NOT_FOUND", 404, "Organization not found");
  });

  it("reactivates a deactivated organization (decision 069); an active one stays as it is; an unknown one is 404", () => {
    const deactivated: OrganizationEvent = { type: "OrganizationDeactivated", data: { organizationId: orgId, deactivatedBy: "admin-1" } };
    const reactivate: OrganizationCommand = { type: "ReactivateOrganization", data: { organizationId: orgId }, metadata };
    const reactivated: OrganizationEvent = { type: "OrganizationReactivated", data: { organizationId: orgId, reactivatedBy: "admin-1" } };
    given(registered, deactivated).when(reactivate).then([reactivated]);
    given(registered).when(reactivate).then([]);
    given(registered, deactivated, reactivated).when(reactivate).then([]);
    // deactivated again after a reactivation
    given(registered, deactivated, reactivated).when({ type: "DeactivateOrganization", data: { organizationId: orgId }, metadata }).then([deactivated]);
    given().when(reactivate).thenRefused("ORGANIZATION_NOT_FOUND", 404, "Organization not found");
  });

  it("lets a superadmin of another organization enter and leave it; not a deactivated one, not their own (decision 069)", () => {
    const home = "7a1b2c3d-0000-4000-8000-000000000001";
    const superadmin: CommandMetadata = { commandId: "cmd-2", organizationId: orgId, actorId: "superadmin-1" };
    const enter: OrganizationCommand = { type: "EnterOrganization", data: { organizationId: orgId, homeOrganizationId: home }, metadata: superadmin };
    const leave: OrganizationCommand = { type: "LeaveOrganization", data: { organizationId: orgId, homeOrganizationId: home }, metadata: superadmin };
    const entered: OrganizationEvent = { type: "SuperadminEnteredOrganization", data: { organizationId: orgId, userId: "superadmin-1", homeOrganizationId: home } };
    const left: OrganizationEvent = { type: "SuperadminLeftOrganization", data: { organizationId: orgId, userId: "superadmin-1", homeOrganizationId: home } };
    given(registered).when(enter).then([entered]);
    given(registered, entered).when(leave).then([left]);
    const deactivated: OrganizationEvent = { type: "OrganizationDeactivated", data: { organizationId: orgId, deactivatedBy: "superadmin-2" } };
    given(registered, deactivated)
      .when(enter)
      .thenRefused("ORGANIZATION_DEACTIVATED", 409, "This organization is deactivated: reactivate it before entering it");
    // leaving stays possible once it is deactivated
    given(registered, entered, deactivated).when(leave).then([left]);
    given().when(enter).thenRefused("ORGANIZATION_NOT_FOUND", 404, "Organization not found");
    given(registered)
      .when({ type: "EnterOrganization", data: { organizationId: orgId, homeOrganizationId: orgId }, metadata: superadmin })
      .thenRefused("OWN_ORGANIZATION", 409, "This is your own organization");
    given(registered)
      .when({ type: "EnterOrganization", data: { organizationId: orgId, homeOrganizationId: home }, metadata: { ...superadmin, actorId: null } })
      .thenRefused("FORBIDDEN", 403, "You do not have permission to do this.");
  });

  it("refuses a second registration", () => {
    given(registered).when(register({ name: "Another" })).thenRefused("ORGANIZATION_ALREADY_REGISTERED", 409, "Organization already exists");
  });

  it("refuses a registration without a name or with an unknown type", () => {
    given().when(register({ name: " " })).thenRefused("VALIDATION", 400, "Name is required");
    given().when(register({ type: "club" as "school" })).thenRefused("VALIDATION", 400, "Type must be school or other");
  });

  it("updates the settings with the full validated object", () => {
    const input = { ...validSettings(), name: "  Maple Street Public School ", features: { report: { is_enabled: false } } };
    const settings = { ...validSettings(), name: "Maple Street Public School" };
    given(registered).when(update(input)).then([{ type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings } }]);
  });

  it("refuses invalid settings with the first message and every field's errors", () => {
    const error = given(registered)
      .when(update({ ...validSettings(), name: "", support_email: "nope", address: { ...address, city: "" } }))
      .thenRefused("VALIDATION", 400, "Name is required");
    expect(error.details).toEqual({
      fieldErrors: {
        "name": ["Name is required"],
        "address.city": ["City is required"],
        "support_email": ["Support Email must be a valid e-mail"],
      },
    });
  });

  it("takes the time zone as an IANA name, America/Toronto when left out, and refuses an unknown one (decision 032)", () => {
    const { time_zone: _tz, ...withoutZone } = validSettings();
    given(registered).when(update(withoutZone)).then([{ type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings: { ...validSettings(), time_zone: "America/Toronto" } } }]);
    given(registered)
      .when(update({ ...validSettings(), time_zone: "america/vancouver" }))
      .then([{ type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings: { ...validSettings(), time_zone: "America/Vancouver" } } }]);
    const error = given(registered).when(update({ ...validSettings(), time_zone: "Mars/Olympus" })).thenRefused("VALIDATION", 400, "Time Zone must be a valid time zone, e.g. America/Vancouver");
    expect(error.details).toEqual({ fieldErrors: { time_zone: ["Time Zone must be a valid time zone, e.g. America/Vancouver"] } });
    given(registered).when(update({ ...validSettings(), time_zone: 42 })).thenRefused("VALIDATION", 400, "Time Zone must be a valid time zone, e.g. America/Vancouver");
  });

  it("keeps the current time zone when settings are sent without one (a client older than the setting)", () => {
    const vancouver: OrganizationEvent = { type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings: { ...validSettings(), time_zone: "America/Vancouver" } } };
    const { time_zone: _tz, ...withoutZone } = validSettings();
    given(registered, vancouver).when(update(withoutZone)).then([]);
    given(registered, vancouver).when(update({ ...withoutZone, time_zone: null, phone_number: "604-555-0100" })).then([
      { type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings: { ...validSettings(), time_zone: "America/Vancouver", phone_number: "604-555-0100" } } },
    ]);
  });

  it("reads settings stored before the time zone existed as America/Toronto (no event is migrated)", () => {
    const { time_zone: _tz, ...old } = validSettings();
    const oldEvent = { type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings: old } } as OrganizationEvent;
    const { state } = given(registered, oldEvent);
    expect(state).toMatchObject({ settings: { ...validSettings(), time_zone: "America/Toronto" } });
    // and saving the same settings with the default zone spelled out decides nothing
    given(registered, oldEvent).when(update({ ...validSettings(), time_zone: "America/Toronto" })).then([]);
  });

  it("refuses settings or a theme for an organization that is not registered", () => {
    given().when(update(validSettings())).thenRefused("ORGANIZATION_NOT_FOUND", 404, "Organization not found");
    given().when(changeTheme("#0090FF")).thenRefused("ORGANIZATION_NOT_FOUND", 404, "Organization not found");
  });

  it("decides nothing when the settings do not change", () => {
    const settings = validSettings();
    const updated: OrganizationEvent = { type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings } };
    given(registered, updated).when(update(validSettings())).then([]);
  });

  it("changes the theme to one of the 18 colours, as its upper-case hex", () => {
    given(registered).when(changeTheme("#6e56cf")).then([{ type: "OrganizationThemeChanged", data: { organizationId: orgId, mainColor: "#6E56CF" } }]);
  });

  it("refuses a colour that is not a theme colour, and ignores the current one", () => {
    given(registered).when(changeTheme("#123456")).thenRefused("VALIDATION", 400, "Main Color must be one of the 18 theme colours");
    given(registered).when(changeTheme("")).thenRefused("VALIDATION", 400, "Main Color is required");
    given(registered).when(changeTheme("#95358f")).then([]);
  });
});

describe("organizations: evolve", () => {
  it("starts from the default settings and the default colour, then folds updates and theme changes", () => {
    const registeredState = given(registered).state;
    expect(registeredState).toEqual({
      status: "registered",
      organizationId: orgId,
      name: "Maple Street School",
      type: "school",
      settings: defaultSettings("Maple Street School", "school"),
      mainColor: "#95358F",
    });
    const settings = { ...validSettings(), name: "Northside", type: "other" as const };
    const { state } = given(
      registered,
      { type: "OrganizationSettingsUpdated", data: { organizationId: orgId, settings } },
      { type: "OrganizationThemeChanged", data: { organizationId: orgId, mainColor: "#30A46C" } },
    );
    expect(state).toMatchObject({ name: "Northside", type: "other", settings, mainColor: "#30A46C" });
  });

  it("compares settings regardless of key order", () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: [1] }, { a: { 0: 1 } })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
