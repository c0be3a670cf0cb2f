import { createHash } from "node:crypto";
import type { PickupContact } from "./events";

/** Someone a child who is picked up by an adult may be released to, with the id a check-out names them by. */
export type PickUpPerson = { id: string; name: string; phoneNumber: string; relationship: string };

/** What the list is made of: the profile's contact fields and, when a parent is linked, the parent's name. */
export type PickUpSource = {
  parentId: string | null;
  /** the linked parent's full name (from their user); null when unknown */
  parentName: string | null;
  contactName: string;
  phoneNumber: string;
  pickupContacts: readonly PickupContact[];
};

/** A short digest of a person's details: an edited entry gets a new id, so a choice made before the edit is refused. */
const digest = (...parts: string[]) =>
  createHash("sha256")
    .update(parts.map((p) => p.trim().toLowerCase()).join("\u0000"))
    .digest("hex")
    .slice(0, 16);

/**
 * The people a child may be released to (docs/decisions/026), as the Picked Up By dialog lists them
 * (spec-1 section 2): the linked parent ('Parent'), or else the primary contact ('Primary Contact'),
 * then every pick-up contact whose can_pickup is true (their own relationship). Ids: `parent:{userId}`
 * for the parent (their name lives on their user), `contact:{digest}` and `pickup:{digest}` from the
 * details for the others. Pure; the same list for the dialog and the check-out decision.
 */
export function pickUpPeople(source: PickUpSource): PickUpPerson[] {
  const people: PickUpPerson[] = [];
  if (source.parentId) {
    people.push({ id: `parent:${source.parentId}`, name: source.parentName?.trim() || "Parent", phoneNumber: source.phoneNumber.trim(), relationship: "Parent" });
  } else if (source.contactName.trim()) {
    const name = source.contactName.trim();
    people.push({ id: `contact:${digest(name, source.phoneNumber)}`, name, phoneNumber: source.phoneNumber.trim(), relationship: "Primary Contact" });
  }
  for (const c of source.pickupContacts) {
    if (!c.canPickup) continue;
    const name = `${c.firstName.trim()} ${c.lastName.trim()}`.trim();
    if (!name) continue;
    const id = `pickup:${digest(c.firstName, c.lastName, c.phoneNumber, c.relationship)}`;
    if (people.some((p) => p.id === id)) continue;
    people.push({ id, name, phoneNumber: c.phoneNumber.trim(), relationship: c.relationship.trim() || "Pick-up contact" });
  }
  return people;
}
