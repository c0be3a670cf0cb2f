import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../kernel";
import {
  defaultSettings,
  enabledFeatures,
  organizationSettingsSchema,
  withoutSecrets,
  type OrganizationSettings,
  type OrganizationSettingsInput,
} from "./settings";

const address = { street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" };
const valid = (): OrganizationSettings => ({ ...defaultSettings("Maple Street School", "school"), address: { ...address, address: "", unit: "" } });

/** The messages of a payload that fails, by dotted path. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = organizationSettingsSchema.safeParse(input);
  if (result.success) throw new Error("expected the settings to be refused");
  return fieldErrorsOf(result.error);
}

const withFeature = <K extends keyof OrganizationSettings["features"]>(key: K, value: Record<string, unknown>): OrganizationSettingsInput => {
  const s = valid();
  return { ...s, features: { ...s.features, [key]: { ...s.features[key], ...value } } } as OrganizationSettingsInput;
};

describe("organization settings validation (spec-1 section 5)", () => {
  it("accepts valid settings as they are", () => {
    expect(organizationSettingsSchema.parse(valid())).toEqual(valid());
  });

  it("requires the name and the school option, blank or missing", () => {
    expect(errorsOf({ ...valid(), name: "  ", school_option: "" })).toEqual({
      name: ["Name is required"],
      school_option: ["School Option is required"],
    });
    const { name: _n, school_option: _s, ...rest } = valid();
    expect(errorsOf(rest)).toEqual({ name: ["Name is required"], school_option: ["School Option is required"] });
  });

  it("requires street address, city, state and postal code; unit and address are optional", () => {
    expect(errorsOf({ ...valid(), address: { unit: "4", address: "" } })).toEqual({
      "address.street_address": ["Street Address is required"],
      "address.city": ["City is required"],
      "address.state": ["State is required"],
      "address.postal_code": ["Postal Code is required"],
    });
    const { address: _a, ...noAddress } = valid();
    expect(Object.keys(errorsOf(noAddress))).toEqual(["address.street_address", "address.city", "address.state", "address.postal_code"]);
    expect(organizationSettingsSchema.parse({ ...valid(), address }).address).toEqual({ ...address, address: "", unit: "" });
  });

  it("requires a valid support e-mail when one is given", () => {
    expect(errorsOf({ ...valid(), support_email: "help-at-school" })).toEqual({ support_email: ["Support Email must be a valid e-mail"] });
    expect(organizationSettingsSchema.parse({ ...valid(), support_email: "help@maple.example" }).support_email).toBe("help@maple.example");
    expect(organizationSettingsSchema.parse({ ...valid(), support_email: "" }).support_email).toBe("");
  });

  it("requires the report's connection details when report is enabled", () => {
    const blank = { client_id: "", user_email: "", audience: "", scope: "", algorithm: "", secret_id: "", secret_value: "" };
    expect(errorsOf(withFeature("report", { is_enabled: true, ...blank }))).toEqual({
      "features.report.client_id": ["Client is required"],
      "features.report.user_email": ["User Email is required"],
      "features.report.audience": ["Audience is required"],
      "features.report.scope": ["Scope is required"],
      "features.report.algorithm": ["Algorithm is required"],
      "features.report.secret_id": ["Secret is required"],
      "features.report.secret_value": ["Secret Value is required"],
    });
    expect(organizationSettingsSchema.safeParse(withFeature("report", { is_enabled: false, ...blank })).success).toBe(true);
    const filled = { is_enabled: true, client_id: "c", user_email: "u@x.example", secret_id: "s", secret_value: "v" };
    expect(organizationSettingsSchema.parse(withFeature("report", filled)).features.report).toMatchObject({
      ...filled,
      audience: "tableau",
      scope: "tableau:views:embed",
      algorithm: "HS256",
    });
  });

  it("requires the program cycle when program is enabled", () => {
    expect(errorsOf(withFeature("program", { is_enabled: true }))).toEqual({
      "features.program.program_cycle_start": ["Program Cycle Start is required"],
      "features.program.program_cycle_end": ["Program Cycle End is required"],
    });
    expect(organizationSettingsSchema.safeParse(withFeature("program", { is_enabled: true, program_cycle_start: "2026-09-01", program_cycle_end: "2027-06-30" })).success).toBe(true);
  });

  it("keeps max_no_of_programs at least 0 and whole", () => {
    expect(errorsOf(withFeature("program", { max_no_of_programs: -1 }))).toEqual({ "features.program.max_no_of_programs": ["Max No Of Programs must be at least 0"] });
    expect(errorsOf(withFeature("program", { max_no_of_programs: 1.5 }))).toEqual({ "features.program.max_no_of_programs": ["Max No Of Programs must be a whole number"] });
    expect(organizationSettingsSchema.parse(withFeature("program", { max_no_of_programs: 0 })).features.program.max_no_of_programs).toBe(0);
  });

  it("allows only INTERNAL, SMS or EMAIL as sending methods", () => {
    expect(errorsOf(withFeature("communication", { sending_methods: ["SMS", "FAX"] }))).toEqual({
      "features.communication.sending_methods.1": ["Sending Methods must be INTERNAL, SMS or EMAIL"],
    });
    expect(organizationSettingsSchema.parse(withFeature("communication", { sending_methods: ["EMAIL", "SMS", "EMAIL"] })).features.communication.sending_methods).toEqual(["EMAIL", "SMS"]);
  });

  it("words the failures the spec does not show as '{Label} must ...'", () => {
    expect(errorsOf({ ...valid(), type: "club", brand_color_hex_code: "red", is_social_feed: "yes" })).toEqual({
      type: ["Type must be school or other"],
      is_social_feed: ["Is Social Feed must be true or false"],
      brand_color_hex_code: ["Brand Color Hex Code must be a hex colour like #95358F"],
    });
    expect(errorsOf({ ...valid(), type: undefined })).toEqual({ type: ["Type is required"] });
    const nav = [{ title: "Attendance", tableau_link: "javascript:alert(1)" }, {}, {}];
    expect(errorsOf(withFeature("report", { nav }))).toEqual({ "features.report.nav.0.tableau_link": ["Tableau Link must be a valid http(s) URL"] });
    expect(errorsOf(withFeature("report", { nav: [{}, {}] }))).toEqual({ "features.report.nav": ["Nav must have 3 entries"] });
    expect(errorsOf(withFeature("program", { program_schedule_end: 25 }))).toEqual({ "features.program.program_schedule_end": ["Program Schedule End must be between 0 and 24"] });
  });

  it("fills what a payload leaves out with the defaults", () => {
    const parsed = organizationSettingsSchema.parse({ name: " Maple ", type: "other", school_option: "Board", address, phone_number: null });
    expect(parsed).toEqual({ ...defaultSettings("Maple", "other"), school_option: "Board", address: { ...address, address: "", unit: "" } });
  });
});

describe("organization defaults (spec-1 section 9)", () => {
  it("gives program hours 6 to 23.5, no program limit, the tableau report defaults and three nav slots", () => {
    const s = defaultSettings("Northside Youth Centre", "other");
    expect(s.features.program).toMatchObject({ program_schedule_start: 6, program_schedule_end: 23.5, max_no_of_programs: 0 });
    expect(s.features.report).toMatchObject({ audience: "tableau", scope: "tableau:views:embed", algorithm: "HS256" });
    expect(s.features.report.nav).toEqual([0, 1, 2].map(() => ({ title: "", tableau_link: "" })));
    expect(s.school_option).toBe("Default School Board");
    expect(enabledFeatures(s)).toEqual([]);
  });

  it("lists the enabled features in a fixed order", () => {
    const s = valid();
    s.features.document.is_enabled = true;
    s.features.program_builder.is_enabled = true;
    s.features.event.is_enabled = true;
    expect(enabledFeatures(s)).toEqual(["program_builder", "event", "document"]);
  });

  it("drops the report secret value for pages", () => {
    const s = valid();
    s.features.report.secret_value = "top-secret";
    expect(withoutSecrets(s).features.report.secret_value).toBe("");
    expect(s.features.report.secret_value).toBe("top-secret");
  });
});
