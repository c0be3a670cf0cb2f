/** The option lists of a participant (spec-1 section 3, spec-2 section 3 "Option lists"). */

/** Pick-up permission: the child may leave alone (check-out needs no pick-up person). */
export const INDEPENDENT_TRAVEL = "Child may travel to and from the facility independently";
/** Pick-up permission: an adult collects the child (check-out needs the pick-up person). */
export const ADULT_PICK_UP = "An adult will pick the child up from program each day";
export const PICK_UP_PERMISSIONS = [ADULT_PICK_UP, INDEPENDENT_TRAVEL] as const;
export type PickUpPermission = (typeof PICK_UP_PERMISSIONS)[number];

/**
 * spec-2's option list words the adult text differently ('pick up the child'); spec-1 section 3 is the
 * contract (and the check-in rule compares the texts), so that wording is accepted and stored as spec-1's.
 */
export const ADULT_PICK_UP_ALIASES: readonly string[] = ["An adult will pick up the child from program each day"];

export const PARTICIPANT_STATUSES = ["Active", "Inactive", "Alumni"] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export const YES_NO = ["Yes", "No"] as const;
export type YesNo = (typeof YES_NO)[number];

export const GENDER_OPTIONS = ["Male", "Female", "Transgender", "Other", "Unspecified", "Non-binary", "Two Spirit"] as const;
export type Gender = (typeof GENDER_OPTIONS)[number];

export const PRONOUN_OPTIONS = ["He/Him", "She/Her", "They/Them", "Prefer to self-describe"] as const;

export const RACE_OPTIONS = [
  "Black",
  "East Asian",
  "Indigenous",
  "Latinx",
  "Middle Eastern",
  "South Asian",
  "Southeast Asian",
  "White",
  "Prefer not to answer",
  "Prefer to self-describe",
] as const;

/** How a family prefers to be contacted (the spec names the field, not its values). */
export const PREFERRED_CONTACT_OPTIONS = ["Phone", "Email", "Text"] as const;

/** Age in whole years on `now` from a YYYY-MM-DD date of birth (spec-1 section 9); null when unreadable. */
export function ageOn(dob: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age--;
  return age;
}
