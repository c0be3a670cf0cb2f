import { describe, expect, it } from "vitest";
import type { OrganizationRequestRow } from "../../../projections/organizations";
import { organizationRequestView } from "./service";

const row = {
  id: "5b0c3c8e-0000-4000-8000-000000000001",
  name: "Riverbend Arts Collective",
  type: "other",
  status: "Pending",
  reason: null,
  organization_id: null,
  details: {
    street_address: "1 River Road",
    city: "Winnipeg",
    state: "Manitoba",
    postal_code: "R3C 0A1",
    contact_first_name: "Rae",
    contact_last_name: "Nolan",
    contact_email: "rae@example.org",
    contact_phone: "204 555 0100",
  },
  created_at: "2026-11-20T10:00:00.000Z",
} as unknown as OrganizationRequestRow;

/** The contact person of a request goes through the field policy (decisions 027 and 069). */
describe("organization request rows: the contact person by the field policy", () => {
  it("gives granters and superadmins every contact field", () => {
    for (const role of ["granter", "superadmin"] as const) {
      expect(organizationRequestView(row, role)).toMatchObject({ contact_first_name: "Rae", contact_last_name: "Nolan", contact_email: "rae@example.org", contact_phone: "204 555 0100" });
    }
  });

  it("leaves out what a lower role may not see of a person: a coach no e-mail, the kiosk neither e-mail nor phone", () => {
    const coach = organizationRequestView(row, "coach");
    expect(coach).toMatchObject({ contact_first_name: "Rae", contact_phone: "204 555 0100" });
    expect(coach).not.toHaveProperty("contact_email");
    const kiosk = organizationRequestView(row, "kiosk");
    expect(kiosk).toMatchObject({ contact_first_name: "Rae", contact_last_name: "Nolan" });
    expect(kiosk).not.toHaveProperty("contact_email");
    expect(kiosk).not.toHaveProperty("contact_phone");
  });
});
