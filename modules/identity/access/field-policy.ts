import { PARENT } from "./role-flags";
import { LEVEL, type RoleLevel } from "./types";

/**
 * The field policy (decision 027): which fields of a person each role may see, written once. Every /api
 * call that answers people runs each person through `applyFieldPolicy` (or `applySelfPolicy` for the
 * caller's own account). Which people a role sees at all (its organization; a parent their children, a
 * participant themselves) is the calls' row scope; this module decides the fields of the people it sees.
 *
 * A field is in one group. A key used with two meanings is classed by the stricter one (`name` is the
 * username in the participant detail and a full name in the screening answers: it is `account`). A
 * group gates the whole value under its key: sub-fields (a pick-up contact's id, a parent's phone) go
 * with their group. A field no group names is shown to nobody (and is a type error where the call's
 * type is known): a new field is private until it is placed here.
 */
export const FIELD_GROUPS = {
  identity: ["id", "participant_id", "user_id", "organization_id", "member_id", "first_name", "last_name", "full_name"],
  photo: ["photo_url"],
  /** the login and its role: the username (hidden from the kiosk by spec-1 section 6) and session facts */
  account: ["name", "username", "role_level", "role_name", "role_display_name", "role_scheme", "permission_ids", "is_enrollment_allowed", "expires_at", "user_group_id", "invitation_status"],
  personal: ["dob", "age", "gender", "specific_gender", "pronouns"],
  /**
   * what a family tells for the funders' and the organization's own reports (spec-2 section 3's program
   * report; decision 070): income, race, birthplace, programme interest, how they heard; not a coach's or the kiosk's
   */
  demographics: ["household_income", "race", "specific_race", "birthplace", "programme_interest", "how_heard"],
  medical: ["medical_conditions", "has_epi_pen", "has_medications"],
  school: ["school_not_applicable", "school_name"],
  /** the primary (emergency) contact */
  contact: ["contact_name", "phone_number"],
  /** the family's home and how it likes to be reached */
  home: ["email", "preferred_contact", "address", "postal_code", "province", "fsa"],
  /**
   * who collects the child: the parent link and person, the pick-up contacts, who collected them at a
   * check-out, and the visit's security code (the claim tag's secret: never on the kiosk's shared screen)
   */
  pickup: ["parent", "parent_id", "children", "guardians", "relationship", "pickup_contacts", "pick_up_people", "pick_up_name", "pick_up_contact_number", "pick_up_relationship", "security_code"],
  /** what check-in decides on: waiver, flag state (not its text), screening, pick-up rule, today's visit and programs */
  status: [
    "status",
    "pick_up_permission",
    "is_waiver_signed",
    "is_flagged",
    "is_warned",
    "isFlagged",
    "stop",
    "warn",
    "hasfilled",
    "vaccinated",
    "showScreening",
    "check_in_time",
    "check_out_time",
    "programs_and_events",
    "is_reduced_view",
  ],
  /** what staff wrote about the child: notes and flags with their messages */
  safeguarding: ["notes", "flags"],
  /** the record's history: created, and who signed the waiver when and which text (decision 100) */
  record: ["created_date", "waiver_signed_at", "waiver_signed_by", "waiver_version", "status_reason"],
} as const;

export type FieldGroup = keyof typeof FIELD_GROUPS;
export type PersonField = (typeof FIELD_GROUPS)[FieldGroup][number];
export const ALL_FIELD_GROUPS = Object.freeze(Object.keys(FIELD_GROUPS) as FieldGroup[]);

/** The roles of spec-1 section 6, as the field policy tells them apart. */
export const FIELD_ROLES = ["participant", "parent", "coach", "admin", "organization", "granter", "superadmin", "kiosk"] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

const FAMILY: readonly FieldGroup[] = ["identity", "photo", "account", "personal", "demographics", "medical", "school", "contact", "home", "pickup", "status", "record"];

/**
 * Role -> the field groups it sees of another person it may see. Participants see only themselves and
 * parents only their own children (the calls' scope), so for them this is their own family's record,
 * without what staff wrote. A coach keeps a child safe in the room: identity, medical needs, who may
 * collect them and the emergency contact, and the notes; not the home address, e-mail or the record's
 * history. The kiosk is a shared screen: identity, photo and check-in status only (spec-1 section 6).
 */
export const FIELD_POLICY: Readonly<Record<FieldRole, readonly FieldGroup[]>> = Object.freeze({
  participant: FAMILY,
  parent: FAMILY,
  coach: ["identity", "photo", "account", "personal", "medical", "school", "contact", "pickup", "status", "safeguarding"],
  admin: ALL_FIELD_GROUPS,
  organization: ALL_FIELD_GROUPS,
  granter: ALL_FIELD_GROUPS,
  superadmin: ALL_FIELD_GROUPS,
  kiosk: ["identity", "photo", "status"],
});

/** What anyone sees of their own account (GET /api/auth/session, /api/user-session). */
export const SELF_GROUPS: readonly FieldGroup[] = FAMILY;

/** The role of a user group: by level, and for level 1 by the PARENT name (any other level-1 group is a participant's). */
export function fieldRoleOf({ level, roleName }: { level: RoleLevel; roleName: string }): FieldRole {
  switch (level) {
    case LEVEL.participant:
      return roleName === PARENT ? "parent" : "participant";
    case LEVEL.coach:
      // a level-2 group of another name than COACH is staff of the coach's level: the coach's fields
      return "coach";
    case LEVEL.admin:
      return "admin";
    case LEVEL.organization:
      return "organization";
    case LEVEL.granter:
      return "granter";
    case LEVEL.superadmin:
      return "superadmin";
    case LEVEL.kiosk:
      return "kiosk";
    default: {
      const never: never = level;
      return never;
    }
  }
}

const GROUP_OF: ReadonlyMap<string, FieldGroup> = new Map(ALL_FIELD_GROUPS.flatMap((g) => FIELD_GROUPS[g].map((f) => [f, g] as const)));

/** The group of a field, or undefined for a field the policy does not know (shown to nobody). */
export const fieldGroupOf = (field: string): FieldGroup | undefined => GROUP_OF.get(field);

const allowedCache = new Map<string, ReadonlySet<string>>();
function allowedFields(groups: readonly FieldGroup[]): ReadonlySet<string> {
  const key = groups.join(",");
  let set = allowedCache.get(key);
  if (!set) {
    set = new Set(groups.flatMap((g) => FIELD_GROUPS[g]));
    allowedCache.set(key, set);
  }
  return set;
}

/** The fields a role sees of another person. */
export const visibleFields = (role: FieldRole): ReadonlySet<string> => allowedFields(FIELD_POLICY[role]);

/** Whether the role sees this group. */
export const seesGroup = (role: FieldRole, group: FieldGroup): boolean => FIELD_POLICY[role].includes(group);

/** Fields every role that sees a person gets: present in every projection. */
type AlwaysField = (typeof FIELD_GROUPS)["identity" | "photo" | "status"][number];

/**
 * A person as a role sees it: identity, photo and status are always there; every other field may be
 * absent. A key the policy does not know is a type error (place it in a group first).
 */
export type Visible<T> = Pick<T, Extract<keyof T, AlwaysField>> & Partial<Omit<T, AlwaysField>>;
type KnownOnly<T> = T & Record<Exclude<keyof T, PersonField>, never>;

function project<T extends object>(allowed: ReadonlySet<string>, person: T): Visible<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(person)) if (allowed.has(key)) out[key] = value;
  return out as Visible<T>;
}

/** Another person (a participant, a board row, a screening entry) as this role may see them. */
export function applyFieldPolicy<T extends object>(role: FieldRole, person: KnownOnly<T>): Visible<T> {
  return project(visibleFields(role), person);
}

/** The caller's own account, as they may see it. */
export function applySelfPolicy<T extends object>(person: KnownOnly<T>): Visible<T> {
  return project(allowedFields(SELF_GROUPS), person);
}
