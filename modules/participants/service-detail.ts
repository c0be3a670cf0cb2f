import { applyFieldPolicy, fieldRoleOfAuth, isAdminOrAbove, type Auth, type Services } from "../identity";
import { DomainError, isUuid } from "../kernel";
import { timeZoneOf } from "../organizations";
import { registeredFileUrl, storedImageResponse } from "../uploads";
import { participantPhotoOf } from "../../projections/assets";
import { staffGroupsOf, userGroupIdOf, userNameOf } from "../../projections/identity";
import { assignedCoachOf } from "./assigned";
import { participantById, participantByMemberId, type PickupContactRow } from "../../projections/participants";
import type { MemberLookupBody } from "./commands";
import { participantNotFound } from "./decide";
import { ageOn } from "./options";
import { pickUpPeople } from "./pick-up-people";
import { flagStateOf, participantExtras } from "./service-extras";

const photoNotFound = () => new DomainError("PHOTO_NOT_FOUND", "This participant has no photo", 404);

/** One user's name parts, for the parent and the participant's own login (username). */
async function userOf(services: Services, organizationId: string, id: string | null) {
  if (!id) return undefined;
  return userNameOf(services.db, organizationId, id);
}

/**
 * The participant detail's `pick_up_people` (docs/decisions/026): the people the child may be released
 * to, each with the id a check-out names them by (`pick_up_person_id`), from the same pure function the
 * check-out decision uses.
 */
function pickUpPeopleOf(
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

/**
 * GET /api/participant/{id}: the participant check-in view of spec-1 section 3, in snake_case, with the
 * fields the caller's role may see (decision 027). Another organization's participant is 404. A kiosk
 * gets the reduced view of spec-1 section 6: no username, personal info, contact or pick-up details, no
 * notes or flag texts (`is_reduced_view: true`); the fields it may not see are absent.
 */
export async function participantDetailOf(services: Services, auth: Auth, id: string | undefined) {
  if (!id || !isUuid(id)) throw participantNotFound();
  const organizationId = auth.organization.id;
  const row = await participantById(services.db, organizationId, id, assignedCoachOf(auth));
  if (!row) throw participantNotFound();
  const now = services.clock.now();
  const role = fieldRoleOfAuth(auth);
  const [extras, parent, own, photoUrl] = await Promise.all([
    participantExtras({ services, organizationId, participantId: row.id, now, timeZone: timeZoneOf(auth.organization.settings), viewer: { organizationId, userId: auth.user.id, level: auth.user.roleLevel } }),
    userOf(services, organizationId, row.parent_id),
    userOf(services, organizationId, row.user_id),
    // the photo registered with PUT /api/asset (entity participant, property photo_url), as a signed url
    registeredFileUrl(services, organizationId, "participant", row.id),
  ]);
  const full = {
    id: row.id,
    participant_id: row.id,
    member_id: row.member_id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    name: own?.username ?? null,
    photo_url: photoUrl,
    dob: row.dob as string | null,
    age: ageOn(row.dob, now),
    gender: row.gender as string | null,
    medical_conditions: row.medical_conditions,
    has_epi_pen: row.has_epi_pen as string | null,
    has_medications: row.has_medications as string | null,
    school_not_applicable: row.school_not_applicable as boolean | null,
    school_name: row.school_name as string | null,
    contact_name: row.contact_name as string | null,
    phone_number: row.phone_number as string | null,
    email: row.email as string | null,
    preferred_contact: row.preferred_contact as string | null,
    address: row.address as string | null,
    // users carry no phone yet: the parent is reached on the family's number of the participant record
    parent: parent ? { id: parent.id, full_name: `${parent.first_name} ${parent.last_name}`.trim(), photo_url: null, phone_number: row.phone_number } : null,
    pickup_contacts: row.pickup_contacts,
    // who the child may be released to, each with the id a check-out names them by (decision 026)
    pick_up_people: pickUpPeopleOf(row, parent),
    pick_up_permission: row.pick_up_permission,
    status: row.status,
    is_waiver_signed: row.is_waiver_signed,
    waiver_signed_at: row.waiver_signed_at,
    ...extras,
    is_reduced_view: role === "kiosk",
  };
  return applyFieldPolicy(role, full);
}

/**
 * POST /api/participant/member `{ member_id }` (spec-1 section 7): the member behind a typed or scanned
 * Member ID (the body schema trims, upper-cases and cuts it to 8; shorter than 5 is 400); unknown here:
 * 404 MEMBER_NOT_FOUND.
 */
export async function memberLookupOf(services: Services, auth: Auth, { member_id }: MemberLookupBody) {
  const row = await participantByMemberId(services.db, auth.organization.id, member_id);
  if (!row) throw new DomainError("MEMBER_NOT_FOUND", `No member with ID ${member_id}`, 404);
  const flags = await flagStateOf(services, row.id);
  return applyFieldPolicy(fieldRoleOfAuth(auth), {
    id: row.id,
    participant_id: row.id,
    member_id: row.member_id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    photo_url: row.photo_url,
    status: row.status,
    pick_up_permission: row.pick_up_permission,
    is_waiver_signed: row.is_waiver_signed,
    ...flags,
  });
}

/** The check-in screens' shapes, as the calls answer them (app/components read them as types). */
export type ParticipantDetail = Awaited<ReturnType<typeof participantDetailOf>>;
export type MemberLookup = Awaited<ReturnType<typeof memberLookupOf>>;

/**
 * GET /api/participant/{id}/photo: the bytes of the participant's registered photo (entity participant,
 * property photo_url), for the session's organization only. No such participant here (another
 * organization's included) is 404 PARTICIPANT_NOT_FOUND, as GET /api/participant/{id} answers; a
 * participant without a photo, or whose file is gone or no image, 404 PHOTO_NOT_FOUND. The lists link
 * here with `?v=` (the photo's version), which the answer ignores (docs/decisions/023).
 */
export async function participantPhotoResponse(services: Services, auth: Auth, id: string | undefined): Promise<Response> {
  if (!id || !isUuid(id)) throw participantNotFound();
  const organizationId = auth.organization.id;
  const found = await participantPhotoOf(services.db, organizationId, id);
  if (!found) throw participantNotFound();
  if (!found.value) throw photoNotFound();
  return storedImageResponse(services, organizationId, found.value, photoNotFound);
}

/**
 * /participants/{id}: the participant's header and what the Notes tab needs (who looks, with their user
 * group: the notes of 'Who can see this note?' listing it are theirs to follow live; and the user groups
 * of the admins' picker). Another organization's participant, or no such participant, is null (the page
 * answers 404).
 */
export async function participantPageOf(services: Services, auth: Auth, id: string | undefined) {
  if (!id || !isUuid(id)) return null;
  const organizationId = auth.organization.id;
  const row = await participantById(services.db, organizationId, id, assignedCoachOf(auth));
  if (!row) return null;
  const level = auth.user.roleLevel;
  const groups = isAdminOrAbove(level) ? await staffGroupsOf(services.db, organizationId) : [];
  return {
    participant: { id: row.id, full_name: row.full_name, first_name: row.first_name, last_name: row.last_name, member_id: row.member_id, status: row.status },
    viewer: { organizationId, userId: auth.user.id, level, groupId: await userGroupIdOf(services.db, auth.user.id) },
    groups: groups.map((g) => ({ id: g.id, name: g.display_name || g.name })),
  };
}
