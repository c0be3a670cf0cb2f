import { describe, expect, it } from "vitest";
import { ALL_FIELD_GROUPS, FIELD_GROUPS, FIELD_POLICY, FIELD_ROLES, applyFieldPolicy, applySelfPolicy, fieldGroupOf, fieldRoleOf, seesGroup, visibleFields } from "./field-policy";

const person = {
  id: "p1",
  member_id: "ABCDE123",
  first_name: "Maya",
  last_name: "Northside",
  full_name: "Maya Northside",
  photo_url: null,
  name: "child1@northside.demo",
  dob: "2015-04-01",
  age: 11,
  medical_conditions: ["Asthma"],
  has_epi_pen: "Yes",
  school_name: "Northside Public",
  contact_name: "Priya",
  phone_number: "416-555-3000",
  address: "1 Main St",
  email: "family@example.com",
  parent_id: "u1",
  pickup_contacts: [{ id: "c1", first_name: "Ravi", can_pickup: true }],
  pick_up_permission: "An adult will pick the child up from program each day",
  status: "Active",
  is_waiver_signed: true,
  is_flagged: false,
  notes: { count: 1, data: [] },
  waiver_signed_by: "Priya Northside",
};

describe("the field policy", () => {
  it("puts each field in one group", () => {
    const all = ALL_FIELD_GROUPS.flatMap((g) => [...FIELD_GROUPS[g]]);
    expect(new Set(all).size).toBe(all.length);
  });

  it("gives the kiosk identity, photo and check-in status only (spec-1 section 6)", () => {
    expect(Object.keys(applyFieldPolicy("kiosk", person)).sort()).toEqual(
      ["id", "member_id", "first_name", "last_name", "full_name", "photo_url", "pick_up_permission", "status", "is_waiver_signed", "is_flagged"].sort(),
    );
  });

  it("gives a coach the medical and pick-up fields, not the home address or the waiver signer", () => {
    const seen = applyFieldPolicy("coach", person);
    expect(seen).toMatchObject({ medical_conditions: ["Asthma"], has_epi_pen: "Yes", contact_name: "Priya", phone_number: "416-555-3000", notes: { count: 1, data: [] } });
    // a pick-up contact goes as a whole, with sub-fields the policy does not list
    expect(seen.pickup_contacts).toEqual(person.pickup_contacts);
    for (const hidden of ["address", "email", "waiver_signed_by"]) expect(seen).not.toHaveProperty(hidden);
  });

  it("gives admin and above everything, and the family everything but what staff wrote", () => {
    for (const role of ["admin", "organization", "granter", "superadmin"] as const) expect(applyFieldPolicy(role, person)).toEqual(person);
    for (const role of ["parent", "participant"] as const) {
      const seen = applyFieldPolicy(role, person);
      expect(seen).not.toHaveProperty("notes");
      expect(seen).toMatchObject({ address: "1 Main St", dob: "2015-04-01", pickup_contacts: person.pickup_contacts });
    }
    expect(applySelfPolicy({ id: "u1", username: "parent@northside.demo", email: "p@x", role_level: 1 })).toEqual({ id: "u1", username: "parent@northside.demo", email: "p@x", role_level: 1 });
  });

  it("shows a field it does not know to nobody", () => {
    const sneaky = { id: "p1", secret: "x" } as unknown as { id: string };
    for (const role of FIELD_ROLES) expect(applyFieldPolicy(role, sneaky)).toEqual({ id: "p1" });
    expect(fieldGroupOf("secret")).toBeUndefined();
    expect(fieldGroupOf("pickup_contacts")).toBe("pickup");
  });

  it("tells the roles apart by level, and parents from participants by the PARENT name", () => {
    expect(fieldRoleOf({ level: 1, roleName: "PARENT" })).toBe("parent");
    expect(fieldRoleOf({ level: 1, roleName: "PARTICIPANT" })).toBe("participant");
    expect(fieldRoleOf({ level: 1, roleName: "Campers" })).toBe("participant");
    expect(fieldRoleOf({ level: 2, roleName: "Volunteers" })).toBe("coach");
    expect(fieldRoleOf({ level: 7, roleName: "KIOSK" })).toBe("kiosk");
    expect(Object.keys(FIELD_POLICY).sort()).toEqual([...FIELD_ROLES].sort());
    expect(seesGroup("kiosk", "pickup")).toBe(false);
    expect(visibleFields("kiosk").has("dob")).toBe(false);
  });
});
