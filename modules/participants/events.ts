import type { ParticipantStatus, PickUpPermission, YesNo } from "./options";

/** A person who may collect the child, besides the parent or the primary contact. */
export type PickupContact = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  relationship: string;
  canPickup: boolean;
};

/**
 * The profile's further answers (spec-2 section 3's option lists; decision 065). Absent in events from
 * before them; an answer not given is absent.
 */
export type ParticipantDetails = {
  pronouns?: string;
  postalCode?: string;
  /** a Canadian province or territory, or a US state */
  province?: string;
  /** A to L (spec-1 section 9) */
  householdIncome?: string;
  birthplace?: string;
  programmeInterest?: string[];
  howHeard?: string;
};

/** What a participant's profile holds: everything but the ids, the Member ID and the status. */
export type ParticipantProfile = {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
  medicalConditions: string[];
  hasEpiPen: YesNo;
  hasMedications: YesNo;
  schoolNotApplicable: boolean;
  schoolName: string;
  /** the primary contact */
  contactName: string;
  phoneNumber: string;
  email: string;
  preferredContact: string;
  address: string;
  /** the parent user, when there is one */
  parentId: string | null;
  pickupContacts: PickupContact[];
  pickUpPermission: PickUpPermission;
  /** the participant's own login user, when there is one */
  userId: string | null;
  /** absent in events from before decision 065 */
  details?: ParticipantDetails;
};

export type ParticipantRegisteredData = ParticipantProfile & {
  participantId: string;
  organizationId: string;
  memberId: string;
  status: ParticipantStatus;
  /** why the participant is Inactive or Alumni (decision 065); absent when Active */
  statusReason?: string;
};

export type WaiverSignedData = {
  participantId: string;
  /** the full name typed by whoever signed */
  signedByName: string;
  consent: true;
  /** ISO 8601 */
  signedAt: string;
  ip: string;
  /** the hash of the single-use waiver token the signature came with (null only in events from before tokens) */
  tokenHash: string | null;
  /** which waiver text was shown and signed (absent in events from before versions) */
  waiverVersion?: string;
};

/** A single-use link to sign the waiver: only the token's SHA-256 is kept, never the token. */
export type WaiverTokenIssuedData = {
  participantId: string;
  /** SHA-256 of the token, hex */
  tokenHash: string;
  /** ISO 8601: the token signs nothing from this moment on */
  expiresAt: string;
  /** the user who asked for the link (null: the system, e.g. the demo seed) */
  issuedBy: string | null;
};

/** The events of a `participant-{id}` stream. */
export type ParticipantEvent =
  | { type: "ParticipantRegistered"; data: ParticipantRegisteredData }
  | { type: "ParticipantUpdated"; data: ParticipantProfile & { participantId: string } }
  | { type: "ParticipantStatusChanged"; data: { participantId: string; status: ParticipantStatus; reason?: string } }
  | { type: "WaiverTokenIssued"; data: WaiverTokenIssuedData }
  | { type: "WaiverSigned"; data: WaiverSignedData };

export type ParticipantRegistered = Extract<ParticipantEvent, { type: "ParticipantRegistered" }>;
export type ParticipantUpdated = Extract<ParticipantEvent, { type: "ParticipantUpdated" }>;
export type ParticipantStatusChanged = Extract<ParticipantEvent, { type: "ParticipantStatusChanged" }>;
export type WaiverTokenIssued = Extract<ParticipantEvent, { type: "WaiverTokenIssued" }>;
export type WaiverSigned = Extract<ParticipantEvent, { type: "WaiverSigned" }>;

export const PARTICIPANT_EVENT_TYPES = ["ParticipantRegistered", "ParticipantUpdated", "ParticipantStatusChanged", "WaiverTokenIssued", "WaiverSigned"] as const;

/** On `memberid-{MEMBERID}` streams: a Member ID taken by a participant. */
export type MemberIdClaimed = { type: "MemberIdClaimed"; data: { memberId: string; participantId: string } };

export const participantStream = (id: string) => `participant-${id}`;
