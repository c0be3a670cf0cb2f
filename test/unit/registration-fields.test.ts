import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { decide, defaultSettings, organizationSettingsSchema, type OrganizationSettings } from "../../modules/organizations";
import { REGISTRATION_FIELD_KEYS } from "../../modules/organizations/client";
import { participantFormSchema, registrationModeOf } from "../../modules/participants/client";
import { settingsFormSchema } from "../../app/components/customize/settings-form-schema";

const settings = (): OrganizationSettings => ({
  ...defaultSettings("Northside Youth Centre", "other"),
  address: { address: "", street_address: "12 Northside Road", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3", unit: "" },
});

/** The settings as the /customize form posts them: dotted and indexed names, switches as on/off. */
function formDataOf(value: unknown, into = new FormData(), name = ""): FormData {
  if (Array.isArray(value)) value.forEach((v, i) => formDataOf(v, into, `${name}[${i}]`));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) formDataOf(v, into, name ? `${name}.${k}` : k);
  else if (typeof value === "boolean") into.append(name, value ? "on" : "off");
  else if (value !== undefined) into.append(name, String(value));
  return into;
}

const parse = (formData: FormData) => parseWithZod(formData, { schema: settingsFormSchema, disableAutoCoercion: true });

describe("the Registration Fields section of /customize (decision 070)", () => {
  it("posts each field's mode and parses to registration_fields, the same value the command stores", () => {
    const form = formDataOf({ ...settings(), registration_fields: { email: "required", school_name: "hidden", pronouns: "optional" } });
    const submission = parse(form);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.registration_fields).toEqual({ email: "required", school_name: "hidden", pronouns: "optional" });
    expect(organizationSettingsSchema.parse(submission.value).registration_fields).toEqual(submission.value.registration_fields);
  });

  it("refuses a mode that is not Hidden, Optional or Required, naming the field", () => {
    const form = formDataOf({ ...settings(), registration_fields: { email: "sometimes", how_heard: "required" } });
    const submission = parse(form);
    if (submission.status !== "error") throw new Error("expected the form to be refused");
    expect(submission.error?.["registration_fields.email"]).toEqual(["Email must be Hidden, Optional or Required"]);
    expect(submission.error?.["registration_fields.how_heard"]).toBeUndefined();
  });

  it("refuses an unknown field through the /api body (the same schema)", () => {
    const result = organizationSettingsSchema.safeParse({ ...settings(), registration_fields: { shoe_size: "required" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`registration_fields keys must be ${REGISTRATION_FIELD_KEYS.join(", ")}`);
  });

  it("shows a field not stored at the participant form's default: school name required, the others optional", () => {
    expect(registrationModeOf(undefined, "school_name")).toBe("required");
    expect(registrationModeOf({}, "email")).toBe("optional");
    expect(registrationModeOf({ email: "hidden" }, "email")).toBe("hidden");
  });

  it("keeps the stored registration_fields when the settings are replaced without them", () => {
    const stored = { ...settings(), registration_fields: { email: "required" as const } };
    const state = { status: "registered" as const, organizationId: "org", name: stored.name, type: stored.type, settings: stored, mainColor: "#0090FF" };
    const metadata = { commandId: "c", organizationId: "org", actorId: "admin" };
    const { registration_fields: _dropped, ...without } = stored;
    expect(decide(state, { type: "UpdateOrganizationSettings", data: { organizationId: "org", settings: { ...without, phone_number: "416-555-0100" } }, metadata }, new Date())).toMatchObject([
      { type: "OrganizationSettingsUpdated", data: { settings: { phone_number: "416-555-0100", registration_fields: { email: "required" } } } },
    ]);
    expect(decide(state, { type: "UpdateOrganizationSettings", data: { organizationId: "org", settings: { ...stored, registration_fields: {} } }, metadata }, new Date())).toMatchObject([
      { type: "OrganizationSettingsUpdated", data: { settings: { registration_fields: {} } } },
    ]);
  });

  it("what the section saves is what the participant form asks: Required refuses a blank, Hidden does not ask", () => {
    const saved = parse(formDataOf({ ...settings(), registration_fields: { phone_number: "required", email: "hidden" } }));
    if (saved.status !== "success") throw new Error("expected the settings to parse");
    const participant = participantFormSchema({ fields: saved.value.registration_fields, today: "2026-11-27" });
    const base = { first_name: "Amara", last_name: "Lindqvist", dob: "2015-03-14", gender: "Female", pick_up_permission: "An adult will pick the child up from program each day", school_name: "Northside" };
    const refused = participant.safeParse({ ...base, email: "not-an-email" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["phone_number", "Phone Number is required"]]);
    expect(participant.safeParse({ ...base, phone_number: "416-555-0142" }).success).toBe(true);
  });
});
