import { pickUpPeople } from "#modules/participants";
import type { PickupContactRow } from "#projections/participants";

/**
 * The participant detail's `pick_up_people` (docs/decisions/026): the people the child may be released
 * to, each with the id a check-out names them by (`pick_up_person_id`), from the same pure function the
 * check-out decision uses.
 */
export function pickUpPeopleOf(
  row: { parent_id: string | null; contact_name: unknown; phone_number: unknown; pickup_contacts: PickupContactRow[] },
  parent: { first_name: string; last_name: string } | undefined,
) {
  const people = pickUpPeople({
    parentId: row.parent_id,
    parentName: parent ? `${parent.first_name} ${parent.last_name}`.trim() : null,
    contactName: typeof row.contact_name === "string" ? row.contact_name : "",
    phoneNumber: typeof row.phone_number === "string" ? row.phone_number : "",
    pickupContacts: row.pickup_contacts.map((c) => ({ firstName: c.first_name, lastName: c.last_name, phoneNumber: c.phone_number, relationship: c.relationship, canPickup: c.can_pickup })),
  });
  return people.map((p) => ({ id: p.id, name: p.name, phone_number: p.phoneNumber, relationship: p.relationship }));
}
