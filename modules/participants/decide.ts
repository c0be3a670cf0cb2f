import { DomainError, type Decider } from "../kernel";
import { validationError } from "../organizations";
import { participantProfileSchema, participantStatusSchema, signWaiverSchema, type ParticipantCommand } from "./commands";
import type { ParticipantEvent, ParticipantProfile, ParticipantRegisteredData } from "./events";
import { isMemberId } from "./member-id";

/** A participant as its stream says now: what other modules' decisions read (`loadParticipant`). */
export type Participant = ParticipantRegisteredData & {
  waiverSigned: boolean;
  /** ISO 8601, when the waiver was signed */
  waiverSignedAt: string | null;
  waiverSignedBy: string | null;
};

/** null until the participant is registered. */
export type ParticipantState = Participant | null;

export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const participantExists = () => new DomainError("PARTICIPANT_EXISTS", "This participant exists already", 409);
export const organizationOutOfScope = () => new DomainError("ORGANIZATION_SCOPE", "You do not have access to this organization", 403);
export const waiverAlreadySigned = (p: Participant) =>
  new DomainError("WAIVER_ALREADY_SIGNED", `The waiver of ${p.firstName} ${p.lastName} is signed already`, 409);

const profileOf = (p: Participant): ParticipantProfile => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dob: p.dob,
  gender: p.gender,
  medicalConditions: p.medicalConditions,
  hasEpiPen: p.hasEpiPen,
  hasMedications: p.hasMedications,
  schoolNotApplicable: p.schoolNotApplicable,
  schoolName: p.schoolName,
  contactName: p.contactName,
  phoneNumber: p.phoneNumber,
  email: p.email,
  preferredContact: p.preferredContact,
  address: p.address,
  parentId: p.parentId,
  pickupContacts: p.pickupContacts,
  pickUpPermission: p.pickUpPermission,
  userId: p.userId,
});

/** Structural equality of JSON values, key order aside. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => Object.hasOwn(rb, k) && sameValue(ra[k], rb[k]));
}

/** A valid profile, or the refusal: '{Label} is required' first, every field's messages in details. */
function parseProfile(input: unknown, now: Date): ParticipantProfile | DomainError {
  const parsed = participantProfileSchema.safeParse(input);
  if (!parsed.success) return validationError(parsed.error);
  if (parsed.data.dob > now.toISOString().slice(0, 10)) {
    return new DomainError("VALIDATION", "Date of Birth must not be in the future", 400, { fieldErrors: { dob: ["Date of Birth must not be in the future"] } });
  }
  return parsed.data;
}

/** Another organization's participant is not found (house rule 5); a command with no organization (seed, superadmin) sees every one. */
const visible = (state: ParticipantState, organizationId: string | null): state is Participant =>
  state !== null && (organizationId === null || organizationId === state.organizationId);

export function evolve(state: ParticipantState, event: ParticipantEvent): ParticipantState {
  switch (event.type) {
    case "ParticipantRegistered":
      return { ...event.data, waiverSigned: false, waiverSignedAt: null, waiverSignedBy: null };
    case "ParticipantUpdated": {
      if (!state) return state;
      const { participantId: _id, ...profile } = event.data;
      return { ...state, ...profile };
    }
    case "ParticipantStatusChanged":
      return state && { ...state, status: event.data.status };
    case "WaiverSigned":
      return state && { ...state, waiverSigned: true, waiverSignedAt: event.data.signedAt, waiverSignedBy: event.data.signedByName };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * The rules of a `participant-{id}` stream. Decisions (docs/decisions/010-participants.md): a second
 * registration is 409; an update or status change that changes nothing appends nothing; a signed waiver
 * cannot be signed again (409): a new waiver period would be its own event.
 */
export function decide(state: ParticipantState, command: ParticipantCommand, now: Date): ParticipantEvent[] | DomainError {
  const scope = command.metadata.organizationId;
  switch (command.type) {
    case "RegisterParticipant": {
      const { participantId, organizationId, memberId, status = "Active", ...input } = command.data;
      if (scope !== null && scope !== organizationId) return organizationOutOfScope();
      if (state !== null) return participantExists();
      if (!isMemberId(memberId)) return new DomainError("VALIDATION", "Member ID must be 8 characters (A-Z without I and O, 2-9)", 400);
      const statusParsed = participantStatusSchema.safeParse(status);
      if (!statusParsed.success) return validationError(statusParsed.error);
      const profile = parseProfile(input, now);
      if (profile instanceof DomainError) return profile;
      return [{ type: "ParticipantRegistered", data: { participantId, organizationId, memberId, status: statusParsed.data, ...profile } }];
    }
    case "UpdateParticipant": {
      if (!visible(state, scope)) return participantNotFound();
      const { participantId: _id, ...input } = command.data;
      const profile = parseProfile(input, now);
      if (profile instanceof DomainError) return profile;
      if (sameValue(profile, profileOf(state))) return [];
      return [{ type: "ParticipantUpdated", data: { participantId: state.participantId, ...profile } }];
    }
    case "ChangeParticipantStatus": {
      if (!visible(state, scope)) return participantNotFound();
      const status = participantStatusSchema.safeParse(command.data.status);
      if (!status.success) return validationError(status.error);
      if (status.data === state.status) return [];
      return [{ type: "ParticipantStatusChanged", data: { participantId: state.participantId, status: status.data } }];
    }
    case "SignWaiver": {
      if (!visible(state, scope)) return participantNotFound();
      const input = signWaiverSchema.safeParse(command.data);
      if (!input.success) return validationError(input.error);
      if (state.waiverSigned) return waiverAlreadySigned(state);
      const { signedByName, ip, tokenHash } = input.data;
      return [{ type: "WaiverSigned", data: { participantId: state.participantId, signedByName, consent: true, signedAt: now.toISOString(), ip, tokenHash } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const participantDecider: Decider<ParticipantState, ParticipantCommand, ParticipantEvent> = {
  initialState: () => null,
  evolve,
  decide,
};
