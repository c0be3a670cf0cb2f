import type { PickUpPerson } from "../participants";

/** The two pick-up permission texts (spec-1 section 3) belong to the participants module. */
export { INDEPENDENT_TRAVEL, ADULT_PICK_UP } from "../participants/client";

/**
 * What a check-in decision must know from other streams, loaded by the handler right before deciding
 * (house rule 2: the latest facts, not a read model).
 */
export type CheckInFacts = {
  participant: {
    participantId: string;
    organizationId: string;
    memberId: string;
    firstName: string;
    lastName: string;
    status: string;
    waiverSigned: boolean;
    pickUpPermission: string;
    /**
     * The people the child may be released to, from the participant's profile (and the linked parent's
     * user for their name); loaded for a check-out only, empty for a check-in (docs/decisions/026).
     */
    pickUpPeople: PickUpPerson[];
  } | null;
  /** an active stop flag blocks check-in and check-out */
  stopFlag: boolean;
  /** the organization requires today's daily screening */
  screeningRequired: boolean;
  /** today's screening is filled (and passed) */
  screeningFilled: boolean;
};

/** The sources of those facts; flags and screening come from their modules once they exist. */
export type FactSources = {
  /** `pickUp`: also list the people the child may be released to (a check-out) */
  participant(participantId: string, options?: { pickUp?: boolean }): Promise<CheckInFacts["participant"]>;
  stopFlag(participantId: string): Promise<boolean>;
  /** the screening of the organization's day at `at` (the check-in's time), by this server's time-zone rules (decision 135) */
  screening(organizationId: string, participantId: string, at: string): Promise<{ required: boolean; filled: boolean }>;
};
