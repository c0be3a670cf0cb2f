import { describe, expect, it } from "vitest";
import { CHECK_IN_HEADER, PARTICIPANT_HEADER } from "../../modules/exports";
import { fieldGroupOf } from "../../modules/identity";
import { COLUMN_GROUPS, hiddenColumns } from "./field-policy";

/** The person field each participant column shows (decision 070): its group must be the field policy's. */
const PARTICIPANT_COLUMN_FIELDS: Record<(typeof PARTICIPANT_HEADER)[number], string> = {
  "Member ID": "member_id",
  "First name": "first_name",
  "Last name": "last_name",
  Status: "status",
  "Status reason": "status_reason",
  "Date of birth": "dob",
  Age: "age",
  Gender: "gender",
  Pronouns: "pronouns",
  Email: "email",
  "Phone number": "phone_number",
  "Contact name": "contact_name",
  "Preferred contact": "preferred_contact",
  Address: "address",
  "Postal code": "postal_code",
  "Province or state": "province",
  School: "school_name",
  "Medical conditions": "medical_conditions",
  "Pick-up permission": "pick_up_permission",
  "Household income": "household_income",
  "Born in Canada": "birthplace",
  "Programme interest": "programme_interest",
  "How they heard about us": "how_heard",
  "Waiver signed": "is_waiver_signed",
  Flagged: "is_flagged",
  "Created date": "created_date",
  "Time zone": "status",
};

describe("the export files' columns under the field policy (decision 027)", () => {
  it("gives every column of each file a group (a new column must be placed)", () => {
    expect(COLUMN_GROUPS.participants).toHaveLength(PARTICIPANT_HEADER.length);
    expect(COLUMN_GROUPS["check-ins"]).toHaveLength(CHECK_IN_HEADER.length);
  });

  it("places each participant column in its field's group of the field policy", () => {
    PARTICIPANT_HEADER.forEach((name, i) => expect(COLUMN_GROUPS.participants?.[i], name).toBe(fieldGroupOf(PARTICIPANT_COLUMN_FIELDS[name])));
  });

  it("hides nothing from admin and above, the home and the record's history from a coach", () => {
    for (const role of ["admin", "organization", "granter", "superadmin"] as const) {
      expect(hiddenColumns("participants", role)).toEqual([]);
      expect(hiddenColumns("check-ins", role)).toEqual([]);
    }
    expect(hiddenColumns("participants", "coach").map((i) => PARTICIPANT_HEADER[i])).toEqual([
      "Status reason",
      "Email",
      "Preferred contact",
      "Address",
      "Postal code",
      "Province or state",
      "Household income",
      "Born in Canada",
      "Programme interest",
      "How they heard about us",
      "Created date",
    ]);
    expect(hiddenColumns("check-ins", "coach").map((i) => CHECK_IN_HEADER[i])).toEqual(["Contact email"]);
    expect(hiddenColumns("participants", "kiosk").map((i) => PARTICIPANT_HEADER[i])).toContain("Medical conditions");
    // who collected a child is the board's pick-up detail: never in a kiosk's file (decision 027); the zone is for everyone
    expect(hiddenColumns("check-ins", "kiosk").map((i) => CHECK_IN_HEADER[i])).toContain("Picked up by");
    expect(hiddenColumns("check-ins", "kiosk").map((i) => CHECK_IN_HEADER[i])).not.toContain("Time zone");
    expect(hiddenColumns("flag-history", "coach")).toEqual([]);
  });
});
