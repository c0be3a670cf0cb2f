import { DomainError } from "../kernel";
import type { CheckInSource } from "./events";
import { CHECK_IN_CODES, CHECK_IN_TEXT, normalizeClaimCode, OVERRIDE_REASON_MAX, REFUSAL_TEXT, travelsIndependently } from "./client";
import type { CheckInFacts } from "./rules-context";

/**
 * Who a check-out releases the child to, as the caller names them: an authorised person by id, or (staff
 * only) someone else typed in with an override reason. Typed details without a reason name nobody.
 */
export type PickUpRequest = {
  pickUpPersonId?: string;
  pickUpName?: string;
  pickUpContactNumber?: string;
  pickUpRelationship?: string;
  overrideReason?: string;
};

export { OVERRIDE_REASON_MAX };
/** What the kiosk shows for a child an adult picks up (docs/decisions/026), and the refusal's message. */
export const SEE_STAFF_MESSAGE = CHECK_IN_TEXT.seeStaff;

export type Release =
  | { kind: "na"; name: "NA"; phoneNumber: "NA"; relationship: "NA" }
  | { kind: "person"; personId: string; name: string; phoneNumber: string; relationship: string }
  | { kind: "override"; name: string; phoneNumber: string; relationship: string; reason: string };

export const pickUpRefusals = {
  seeStaff: () => new DomainError(CHECK_IN_CODES.seeStaff, SEE_STAFF_MESSAGE, 403),
  bulk: (n: string) => new DomainError(CHECK_IN_CODES.pickUpRequired, `${n} is picked up by an adult: check them out on their own, choosing who picks them up`, 400),
  required: (label: string) => new DomainError(CHECK_IN_CODES.pickUpRequired, REFUSAL_TEXT.required(label), 400),
  notListed: (who: string, n: string) =>
    new DomainError(CHECK_IN_CODES.pickUpNotAuthorised, `${who} is not on ${n}'s pick-up list: choose an authorised person, or release to someone else with an override reason`, 403),
  stale: (n: string) => new DomainError(CHECK_IN_CODES.pickUpNotAuthorised, `This person is not on ${n}'s pick-up list (it may have changed): choose again`, 403),
  both: () => new DomainError("VALIDATION", "Choose an authorised person or give an override reason, not both", 400),
  reasonTooLong: () => new DomainError("VALIDATION", `Override Reason must be at most ${OVERRIDE_REASON_MAX} characters`, 400),
  claimCodeMismatch: (n: string) => new DomainError(CHECK_IN_CODES.claimCodeMismatch, REFUSAL_TEXT.claimCodeMismatch(n), 403),
};

/** What the rule needs to know of security codes (docs/decisions/036). */
export type ClaimCheck = { securityCodesOn?: boolean; claimCode?: string; visitCode?: string };

/**
 * The kiosk's release of a child an adult picks up (docs/decisions/036): only when the organization gives
 * codes, the visit has one, the adult types the matching claim code AND chooses themselves from the
 * child's list. Without a claim code it is decision 026's 'see staff'; never an override or typed details.
 */
function kioskRelease(p: NonNullable<CheckInFacts["participant"]>, n: string, command: PickUpRequest & ClaimCheck): Release | DomainError {
  const claim = normalizeClaimCode(command.claimCode);
  if (!claim || !command.securityCodesOn || !command.visitCode) return pickUpRefusals.seeStaff();
  if (command.overrideReason !== undefined || text(command.pickUpName)) return pickUpRefusals.seeStaff();
  if (claim !== command.visitCode) return pickUpRefusals.claimCodeMismatch(n);
  const personId = text(command.pickUpPersonId);
  if (!personId) return pickUpRefusals.required("Pick Up Person");
  const person = p.pickUpPeople.find((x) => x.id === personId);
  if (!person) return pickUpRefusals.stale(n);
  return { kind: "person", personId, name: person.name, phoneNumber: person.phoneNumber || "Not given", relationship: person.relationship };
}

const NA = { kind: "na", name: "NA", phoneNumber: "NA", relationship: "NA" } as const;
const text = (v: string | undefined) => v?.trim() ?? "";

/**
 * The pick-up rule of a check-out (pure; docs/decisions/026). A child who may travel independently: NA,
 * whoever asks. A child an adult picks up: from the kiosk only with the matching claim code and a person
 * of the list (docs/decisions/036; else see staff), never in bulk; from staff, only
 * to a person on the child's list, named by id (name, number and relationship come from the profile),
 * or to someone else with an override reason and their typed name, number and relationship.
 */
export function releaseTo(
  p: NonNullable<CheckInFacts["participant"]>,
  n: string,
  command: PickUpRequest & ClaimCheck & { source: CheckInSource },
): Release | DomainError {
  if (travelsIndependently(p.pickUpPermission)) return NA;
  if (command.source === "kiosk") return kioskRelease(p, n, command);
  if (command.source === "bulk") return pickUpRefusals.bulk(n);
  const personId = text(command.pickUpPersonId);
  const reason = command.overrideReason === undefined ? undefined : text(command.overrideReason);
  if (personId) {
    if (reason) return pickUpRefusals.both();
    const person = p.pickUpPeople.find((x) => x.id === personId);
    if (!person) return pickUpRefusals.stale(n);
    return { kind: "person", personId, name: person.name, phoneNumber: person.phoneNumber || "Not given", relationship: person.relationship };
  }
  const typed = { name: text(command.pickUpName), phoneNumber: text(command.pickUpContactNumber), relationship: text(command.pickUpRelationship) };
  if (reason === undefined) return typed.name ? pickUpRefusals.notListed(typed.name, n) : pickUpRefusals.required("Pick Up Person");
  if (!reason) return pickUpRefusals.required("Override Reason");
  if (reason.length > OVERRIDE_REASON_MAX) return pickUpRefusals.reasonTooLong();
  if (!typed.name) return pickUpRefusals.required("Pick Up Name");
  if (!typed.phoneNumber) return pickUpRefusals.required("Pick Up Contact Number");
  if (!typed.relationship) return pickUpRefusals.required("Pick Up Relationship");
  return { kind: "override", ...typed, reason };
}
