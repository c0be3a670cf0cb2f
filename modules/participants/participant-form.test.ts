import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../kernel";
import type { RegistrationFields } from "../organizations/client";
import { formValuesOf, participantFormSchema, profileOfForm, registrationModeOf } from "./participant-form";
import { countryOfProvince, postalCodeFits } from "./profile-options";

const today = "2026-11-27";
const valid = (over: Record<string, unknown> = {}) => ({
  first_name: "Amara",
  last_name: "Lindqvist",
  dob: "2015-03-14",
  gender: "Female",
  pick_up_permission: "An adult will pick the child up from program each day",
  school_name: "Northside Public School",
  ...over,
});
const errorsOf = (input: unknown, fields?: RegistrationFields) => {
  const parsed = participantFormSchema({ fields, today }).safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe("the participant form schema (decision 065)", () => {
  it("accepts the required fields alone, with defaults", () => {
    const parsed = participantFormSchema({ today }).parse(valid());
    expect(parsed).toMatchObject({ status: "Active", has_epi_pen: "No", has_medications: "No", medical_conditions: [], programme_interest: [], school_not_applicable: false });
  });

  it("names the field in '{Label} is required'", () => {
    expect(errorsOf({})).toMatchObject({
      first_name: ["First Name is required"],
      last_name: ["Last Name is required"],
      dob: ["Date of Birth is required"],
      gender: ["Gender is required"],
      pick_up_permission: ["Pick Up Permission is required"],
    });
  });

  it("makes optional fields required, or hides them, as the organization's registration_fields say", () => {
    const fields: RegistrationFields = { email: "required", phone_number: "required", programme_interest: "required", school_name: "hidden" };
    expect(errorsOf(valid({ school_name: "" }), fields)).toEqual({
      email: ["Email is required"],
      phone_number: ["Phone Number is required"],
      programme_interest: ["Programme Interest is required"],
    });
    // a hidden field asks nothing: the school is not required; by default it is (unless not applicable)
    expect(errorsOf(valid({ school_name: "" }))).toEqual({ school_name: ["School Name is required"] });
    expect(errorsOf(valid({ school_name: "", school_not_applicable: "on" }))).toEqual({});
    expect(registrationModeOf(fields, "address")).toBe("optional");
    // a hidden field keeps what the participant had
    const form = participantFormSchema({ fields: { email: "hidden" }, today }).parse(valid({ email: "typed@example.org" }));
    const before = profileOfForm(participantFormSchema({ today }).parse(valid({ email: "kept@example.org" })), undefined);
    expect(profileOfForm(form, { email: "hidden" }, before).email).toBe("kept@example.org");
  });

  it("refuses a birth date in the future or not a day", () => {
    expect(errorsOf(valid({ dob: "2026-11-28" }))).toEqual({ dob: ["Date of Birth must not be in the future"] });
    expect(errorsOf(valid({ dob: "2026-11-27" }))).toEqual({});
    expect(errorsOf(valid({ dob: "2015-02-30" }))).toEqual({ dob: ["Date of Birth must be a date like 2014-05-30"] });
  });

  it("checks the postal code against the province or state, the e-mail, the phone and the pick-up contacts", () => {
    expect(errorsOf(valid({ province: "Ontario", postal_code: "90210" }))).toEqual({ postal_code: ["Postal Code does not fit Ontario"] });
    expect(errorsOf(valid({ province: "California", postal_code: "M4B 1B3" }))).toEqual({ postal_code: ["Postal Code does not fit California"] });
    expect(errorsOf(valid({ province: "Ontario", postal_code: "m4b1b3" }))).toEqual({});
    expect(errorsOf(valid({ province: "New York", postal_code: "10001-1234" }))).toEqual({});
    expect(errorsOf(valid({ postal_code: "ABC" }))).toEqual({ postal_code: ["Postal Code must be a Canadian postal code or a US ZIP code"] });
    expect(errorsOf(valid({ province: "Atlantis" }))).toEqual({ province: ["Province or State must be a Canadian province or territory or a US state"] });
    expect(errorsOf(valid({ email: "nope" }))).toEqual({ email: ["Email must be an e-mail address, like name@example.org"] });
    expect(errorsOf(valid({ phone_number: "12" }))).toEqual({ phone_number: ["Phone Number must be a phone number, like 416-555-0100"] });
    expect(errorsOf(valid({ pickup_contacts: [{ first_name: "Lena", last_name: "L", phone_number: "x", relationship: "Aunt" }] }))).toEqual({
      "pickup_contacts.0.phone_number": ["Pick-up contact phone number must be a phone number, like 416-555-0100"],
    });
    expect(countryOfProvince("Yukon")).toBe("Canada");
    expect(postalCodeFits("12345", "")).toBe(true);
  });

  it("needs a reason for Inactive and Alumni", () => {
    expect(errorsOf(valid({ status: "Inactive" }))).toEqual({ status_reason: ["Reason is required when the status is Inactive or Alumni"] });
    expect(errorsOf(valid({ status: "Alumni", status_reason: "Aged out" }))).toEqual({});
  });

  it("reads the form's strings (checkboxes, comma lists) and round-trips a profile through the edit values", () => {
    const form = participantFormSchema({ today }).parse(
      valid({ medical_conditions: "Asthma, Peanut allergy", programme_interest: "Sport", household_income: "C", pronouns: "She/Her", province: "Ontario", postal_code: "m4b 1b3" }),
    );
    const profile = profileOfForm(form, undefined);
    expect(profile).toMatchObject({ medicalConditions: ["Asthma", "Peanut allergy"], details: { programmeInterest: ["Sport"], householdIncome: "C", pronouns: "She/Her", province: "Ontario", postalCode: "M4B 1B3" } });
    const values = formValuesOf({ ...profile, status: "Alumni", statusReason: "Aged out" });
    const again = profileOfForm(participantFormSchema({ today }).parse(values), undefined);
    expect(again).toEqual(profile);
  });
});
