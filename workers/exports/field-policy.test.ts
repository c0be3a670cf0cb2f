import { describe, expect, it } from "vitest";
import { CHECK_IN_HEADER, PARTICIPANT_HEADER } from "../../modules/exports";
import { COLUMN_GROUPS, hiddenColumns } from "./field-policy";

describe("the export files' columns under the field policy (decision 027)", () => {
  it("gives every column of each file a group (a new column must be placed)", () => {
    expect(COLUMN_GROUPS.participants).toHaveLength(PARTICIPANT_HEADER.length);
    expect(COLUMN_GROUPS["check-ins"]).toHaveLength(CHECK_IN_HEADER.length);
  });

  it("hides nothing from admin and above, the home and the record's history from a coach", () => {
    for (const role of ["admin", "organization", "granter", "superadmin"] as const) {
      expect(hiddenColumns("participants", role)).toEqual([]);
      expect(hiddenColumns("check-ins", role)).toEqual([]);
    }
    expect(hiddenColumns("participants", "coach").map((i) => PARTICIPANT_HEADER[i])).toEqual(["Email", "Preferred contact", "Address", "Created date"]);
    expect(hiddenColumns("check-ins", "coach").map((i) => CHECK_IN_HEADER[i])).toEqual(["Contact email"]);
    expect(hiddenColumns("participants", "kiosk").map((i) => PARTICIPANT_HEADER[i])).toContain("Medical conditions");
    // who collected a child is the board's pick-up detail: never in a kiosk's file (decision 027); the zone is for everyone
    expect(hiddenColumns("check-ins", "kiosk").map((i) => CHECK_IN_HEADER[i])).toContain("Picked up by");
    expect(hiddenColumns("check-ins", "kiosk").map((i) => CHECK_IN_HEADER[i])).not.toContain("Time zone");
    expect(hiddenColumns("flag-history", "coach")).toEqual([]);
  });
});
