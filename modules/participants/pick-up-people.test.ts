import { describe, expect, it } from "vitest";
import { pickUpPeople, type PickUpSource } from "./pick-up-people";

const source = (over: Partial<PickUpSource> = {}): PickUpSource => ({
  parentId: null,
  parentName: null,
  contactName: "Priya Lee",
  phoneNumber: "416-555-1000",
  pickupContacts: [
    { firstName: "Sam", lastName: "Ortiz", phoneNumber: "416-555-2000", relationship: "Uncle", canPickup: true },
    { firstName: "Dana", lastName: "Fox", phoneNumber: "416-555-2001", relationship: "Neighbour", canPickup: false },
  ],
  ...over,
});

describe("the people a child may be released to", () => {
  it("lists the primary contact when no parent is linked, then the contacts who may pick up", () => {
    const people = pickUpPeople(source());
    expect(people.map((p) => [p.name, p.relationship, p.phoneNumber])).toEqual([
      ["Priya Lee", "Primary Contact", "416-555-1000"],
      ["Sam Ortiz", "Uncle", "416-555-2000"],
    ]);
    expect(people[0]!.id).toMatch(/^contact:[0-9a-f]{16}$/);
    expect(people[1]!.id).toMatch(/^pickup:[0-9a-f]{16}$/);
  });

  it("lists the linked parent instead of the primary contact, by their user id", () => {
    const people = pickUpPeople(source({ parentId: "u-1", parentName: "Jordan Lee" }));
    expect(people[0]).toEqual({ id: "parent:u-1", name: "Jordan Lee", phoneNumber: "416-555-1000", relationship: "Parent" });
    expect(people.map((p) => p.relationship)).toEqual(["Parent", "Uncle"]);
  });

  it("gives the same ids for the same details, and a new id when a contact is edited", () => {
    const before = pickUpPeople(source());
    expect(pickUpPeople(source()).map((p) => p.id)).toEqual(before.map((p) => p.id));
    const edited = source();
    edited.pickupContacts = [{ ...edited.pickupContacts[0]!, phoneNumber: "416-555-9999" }];
    expect(pickUpPeople(edited)[1]!.id).not.toBe(before[1]!.id);
    expect(pickUpPeople(source({ phoneNumber: "416-555-0000" }))[0]!.id).not.toBe(before[0]!.id);
  });

  it("lists nobody when the profile names nobody", () => {
    expect(pickUpPeople(source({ contactName: " ", pickupContacts: [] }))).toEqual([]);
  });
});
