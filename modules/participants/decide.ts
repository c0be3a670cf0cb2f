import { DomainError, validationError, type Decider } from "../kernel";
import { isGuardian } from "../family/client";
import { participantProfileSchema, participantStatusSchema, signWaiverSchema, waiverTokenHashSchema, type ParticipantCommand } from "./commands";
import type { ParticipantEvent, ParticipantProfile, ParticipantRegisteredData } from "./events";
import { isMemberId } from "./member-id";
import { ageOn } from "./options";
import { PARTICIPANT_STATUS_REASON_REQUIRED } from "./participant-form";
import { WAIVER_VERSION } from "./waiver-text";

/** A participant as its stream says now: what other modules' decisions read (`loadParticipant`). */
export type Participant = ParticipantRegisteredData & {
  waiverSigned: boolean;
  /** ISO 8601, when the waiver was signed */
  waiverSignedAt: string | null;
  waiverSignedBy: string | null;
  /** the waiver text signed (decision 100); null: not signed, or signed before versions (the built-in text) */
  waiverVersion?: string | null;
  /** waiver tokens by hash: when each expires, and whether it was spent (a signature spends them all) */
  waiverTokens: Record<string, { expiresAt: string; used: boolean }>;
};

/** null until the participant is registered. */
export type ParticipantState = Participant | null;

export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const participantExists = () => new DomainError("PARTICIPANT_EXISTS", "This participant exists already", 409);
export const organizationOutOfScope = () => new DomainError("ORGANIZATION_SCOPE", "You do not have access to this organization", 403);
export const waiverAlreadySigned = (p: Participant) =>
  new DomainError("WAIVER_ALREADY_SIGNED", `The waiver of ${p.firstName} ${p.lastName} is signed already`, 409);
/** Unknown, used and expired tokens alike (spec-1 section 8: the page adds that the link has expired). */
export const tokenExpired = () => new DomainError("TOKEN_EXPIRED", "Token expired", 400);

/** Participants this old or older may have an account of their own (decision 068); younger ones are reached through their guardians. */
export const PARTICIPANT_ACCOUNT_MIN_AGE = 13;
export const PARTICIPANT_TOO_YOUNG = `A participant under ${PARTICIPANT_ACCOUNT_MIN_AGE} has no account of their own: invite their parent or guardian`;
export const PARTICIPANT_EMAIL_NEEDED = "Email is required to invite a participant: add it to their profile";

/** What decides whether a participant may be given an account of their own (decision 068). */
export type AccountFacts = { email: string; dob: string; status: string; userId: string | null };

/**
 * Why this participant may not be given an account of their own now, or null: they have one already (409),
 * they are not Active (409), they have no e-mail to invite (400 naming `email`), or they are under 13 on the
 * organization's `today` (409: their parent or guardian's account is theirs).
 */
export function participantAccountRefusal(p: AccountFacts, today: string): DomainError | null {
  if (p.userId) return new DomainError("HAS_ACCOUNT", "This participant has an account already", 409);
  if (p.status !== "Active") return new DomainError("PARTICIPANT_NOT_ACTIVE", "Only an Active participant can be invited", 409);
  if (!p.email.trim()) return new DomainError("VALIDATION", PARTICIPANT_EMAIL_NEEDED, 400, { fieldErrors: { email: [PARTICIPANT_EMAIL_NEEDED] } });
  const age = ageOn(p.dob, new Date(`${today}T12:00:00.000Z`));
  if (age === null || age < PARTICIPANT_ACCOUNT_MIN_AGE) return new DomainError("TOO_YOUNG", PARTICIPANT_TOO_YOUNG, 409);
  return null;
}

/**
 * Has the participant signed this version (decision 100)? A signature from before versions counts as the
 * built-in one; a new version asks for a new signature, so only the same version is "signed already".
 */
export const signedVersion = (state: Pick<Participant, "waiverSigned" | "waiverVersion">, version: string = WAIVER_VERSION) =>
  state.waiverSigned && (state.waiverVersion ?? WAIVER_VERSION) === version;

/** A waiver link works for 7 days (docs/decisions/010-participants.md), once. */
export const WAIVER_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** null when the token (by its hash) was issued for this participant, is unused and unexpired at `now`. */
export function waiverTokenRefusal(state: Participant, tokenHash: string | null | undefined, now: Date): DomainError | null {
  // own keys only: a "hash" like 'constructor' must not find Object.prototype's
  const token = typeof tokenHash === "string" && Object.hasOwn(state.waiverTokens, tokenHash) ? state.waiverTokens[tokenHash] : undefined;
  const expiresAt = token ? new Date(token.expiresAt).getTime() : NaN;
  if (!token || token.used || !(now.getTime() < expiresAt)) return tokenExpired();
  return null;
}

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
  ...(p.details && Object.keys(p.details).length > 0 ? { details: p.details } : {}),
});

/** Inactive and Alumni need a reason (decision 065); Active has none. */
function statusReasonOf(status: string, reason: string | undefined): string | undefined | DomainError {
  const text = (reason ?? "").trim();
  if (status === "Active") return undefined;
  if (!text) return new DomainError("VALIDATION", PARTICIPANT_STATUS_REASON_REQUIRED, 400, { fieldErrors: { status_reason: [PARTICIPANT_STATUS_REASON_REQUIRED] } });
  if (text.length > 500) return new DomainError("VALIDATION", "Reason must be at most 500 characters", 400, { fieldErrors: { status_reason: ["Reason must be at most 500 characters"] } });
  return text;
}

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
  // no answers, no details key: events from before decision 065 and those without answers read alike
  const { details, ...profile } = parsed.data;
  return Object.keys(details).length > 0 ? { ...profile, details } : profile;
}

/** Another organization's participant is not found (house rule 5); a command with no organization (seed, superadmin) sees every one. */
const visible = (state: ParticipantState, organizationId: string | null): state is Participant =>
  state !== null && (organizationId === null || organizationId === state.organizationId);

export function evolve(state: ParticipantState, event: ParticipantEvent): ParticipantState {
  switch (event.type) {
    case "ParticipantRegistered":
      return { ...event.data, waiverSigned: false, waiverSignedAt: null, waiverSignedBy: null, waiverVersion: null, waiverTokens: {} };
    case "ParticipantUpdated": {
      if (!state) return state;
      const { participantId: _id, ...profile } = event.data;
      return { ...state, ...profile };
    }
    case "ParticipantStatusChanged":
      return state && { ...state, status: event.data.status, statusReason: event.data.reason };
    case "WaiverTokenIssued":
      return state && { ...state, waiverTokens: { ...state.waiverTokens, [event.data.tokenHash]: { expiresAt: event.data.expiresAt, used: false } } };
    case "WaiverSigned": {
      if (!state) return state;
      // one signature spends every outstanding link
      const waiverTokens = Object.fromEntries(Object.entries(state.waiverTokens).map(([hash, t]) => [hash, { ...t, used: true }]));
      return { ...state, waiverSigned: true, waiverSignedAt: event.data.signedAt, waiverSignedBy: event.data.signedByName, waiverVersion: event.data.waiverVersion ?? null, waiverTokens };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * The rules of a `participant-{id}` stream. Decisions (docs/decisions/010-participants.md): a second
 * registration is 409; an update or status change that changes nothing appends nothing; a waiver is
 * signed with an issued, unexpired, unused token (else 400 'Token expired'), once (409): a new waiver
 * period would be its own event. A parent asks for links to their own children only (else 404).
 */
export function decide(state: ParticipantState, command: ParticipantCommand, now: Date): ParticipantEvent[] | DomainError {
  const scope = command.metadata.organizationId;
  switch (command.type) {
    case "RegisterParticipant": {
      const { participantId, organizationId, memberId, status = "Active", statusReason: reasonIn, ...input } = command.data;
      if (scope !== null && scope !== organizationId) return organizationOutOfScope();
      if (state !== null) return participantExists();
      if (!isMemberId(memberId)) return new DomainError("VALIDATION", "Member ID must be 8 characters (A-Z without I and O, 2-9)", 400);
      const statusParsed = participantStatusSchema.safeParse(status);
      if (!statusParsed.success) return validationError(statusParsed.error);
      const profile = parseProfile(input, now);
      if (profile instanceof DomainError) return profile;
      const statusReason = statusReasonOf(statusParsed.data, reasonIn);
      if (statusReason instanceof DomainError) return statusReason;
      return [
        { type: "ParticipantRegistered", data: { participantId, organizationId, memberId, status: statusParsed.data, ...(statusReason ? { statusReason } : {}), ...profile } },
      ];
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
      const reason = statusReasonOf(status.data, command.data.reason);
      if (reason instanceof DomainError) return reason;
      if (status.data === state.status && reason === state.statusReason) return [];
      return [{ type: "ParticipantStatusChanged", data: { participantId: state.participantId, status: status.data, ...(reason ? { reason } : {}) } }];
    }
    case "IssueWaiverToken": {
      if (!visible(state, scope)) return participantNotFound();
      const { tokenHash, issuedBy, asParent, asSelf } = command.data;
      // a parent asks for their own child: any of its guardians (decision 064), the registered parent unless unlinked
      if (asParent && (issuedBy === null || !isGuardian(new Map(command.data.guardianLinks ?? []), state.parentId, issuedBy))) return participantNotFound();
      // the participant asks for their own (decision 068): only through the account linked to them
      if (asSelf && (issuedBy === null || state.userId !== issuedBy)) return participantNotFound();
      const hash = waiverTokenHashSchema.safeParse(tokenHash);
      if (!hash.success) return validationError(hash.error);
      if (signedVersion(state, command.data.currentVersion)) return waiverAlreadySigned(state);
      const expiresAt = new Date(now.getTime() + WAIVER_TOKEN_TTL_MS).toISOString();
      return [{ type: "WaiverTokenIssued", data: { participantId: state.participantId, tokenHash: hash.data, expiresAt, issuedBy } }];
    }
    case "SignWaiver": {
      if (!visible(state, scope)) return participantNotFound();
      const refused = waiverTokenRefusal(state, command.data.tokenHash, now);
      if (refused) return refused;
      const input = signWaiverSchema.safeParse(command.data);
      if (!input.success) return validationError(input.error);
      const { signedByName, ip, waiverVersion } = input.data;
      if (signedVersion(state, waiverVersion)) return waiverAlreadySigned(state);
      const { tokenHash } = command.data;
      return [{ type: "WaiverSigned", data: { participantId: state.participantId, signedByName, consent: true, signedAt: now.toISOString(), ip, tokenHash, waiverVersion } }];
    }
    case "LinkParticipantAccount": {
      if (!visible(state, scope)) return participantNotFound();
      // linked already to this account: a resent step appends nothing
      if (state.userId === command.data.userId) return [];
      const refused = participantAccountRefusal(state, command.data.today);
      if (refused) return refused;
      return [{ type: "ParticipantUpdated", data: { participantId: state.participantId, ...profileOf(state), userId: command.data.userId } }];
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
