import { expect } from "vitest";
import { DomainError, type CommandMetadata } from "../kernel";
import type { ParticipantCommand } from "./commands";
import { participantDecider, type ParticipantState } from "./decide";
import type { ParticipantEvent, ParticipantProfile, ParticipantRegistered, WaiverSigned } from "./events";
import { ADULT_PICK_UP } from "./options";
import { WAIVER_VERSION } from "./waiver-text";

/** Fixtures and the given / when / then helper of the decider's unit tests (not part of the public face). */

export const orgId = "7a0c1e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
export const otherOrg = "8b0c1e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
export const participantId = "3c1d2e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
export const parentId = "4d1d2e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
export const now = new Date("2026-11-21T08:30:00.000Z");
export const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };
/** SHA-256 digests in hex, as the events keep waiver tokens */
export const hash1 = "a".repeat(64);
export const hash2 = "b".repeat(64);

export const profile: ParticipantProfile = {
  firstName: "Amara",
  lastName: "Okafor",
  dob: "2014-05-30",
  gender: "Female",
  medicalConditions: ["Asthma"],
  hasEpiPen: "No",
  hasMedications: "Yes",
  schoolNotApplicable: false,
  schoolName: "Maple Street School",
  contactName: "Ngozi Okafor",
  phoneNumber: "416-555-0101",
  email: "ngozi@example.com",
  preferredContact: "Phone",
  address: "12 Maple Street",
  parentId,
  pickupContacts: [{ firstName: "Chidi", lastName: "Okafor", phoneNumber: "416-555-0102", relationship: "Uncle", canPickup: true }],
  pickUpPermission: ADULT_PICK_UP,
  userId: null,
};
export const registered: ParticipantRegistered = {
  type: "ParticipantRegistered",
  data: { participantId, organizationId: orgId, memberId: "K7M2P9QX", status: "Active", ...profile },
};
/** a link issued a day ago: it expires in six days */
export const tokenIssued = (tokenHash = hash1, expiresAt = "2026-11-27T08:30:00.000Z"): ParticipantEvent => ({
  type: "WaiverTokenIssued",
  data: { participantId, tokenHash, expiresAt, issuedBy: "admin-1" },
});
export const waiverSigned: WaiverSigned = {
  type: "WaiverSigned",
  data: { participantId, signedByName: "Ngozi Okafor", consent: true, signedAt: now.toISOString(), ip: "10.0.0.7", tokenHash: hash1, waiverVersion: WAIVER_VERSION },
};

const command =
  <T extends ParticipantCommand["type"]>(type: T, base: () => Record<string, unknown>) =>
  (data: Record<string, unknown> = {}, meta = metadata): ParticipantCommand =>
    ({ type, data: { ...base(), ...data }, metadata: meta }) as ParticipantCommand;

export const register = command("RegisterParticipant", () => ({ participantId, organizationId: orgId, memberId: "K7M2P9QX", ...profile }));
export const update = command("UpdateParticipant", () => ({ participantId, ...profile }));
export const changeStatus = (status: string, meta = metadata, reason?: string) => command("ChangeParticipantStatus", () => ({ participantId, status, ...(reason ? { reason } : {}) }))({}, meta);
export const issue = command("IssueWaiverToken", () => ({ participantId, tokenHash: hash2, issuedBy: "admin-1", asParent: false }));
export const sign = command("SignWaiver", () => ({ participantId, signedByName: "Ngozi Okafor", consent: true, ip: "10.0.0.7", tokenHash: hash1 }));

/** given the events so far / when the command (at `now`, or `at`) / then the events or the refusal */
export function given(...events: ParticipantEvent[]) {
  const state = events.reduce<ParticipantState>(participantDecider.evolve, participantDecider.initialState());
  return {
    state,
    when: (cmd: ParticipantCommand, at = now) => {
      const outcome = participantDecider.decide(state, cmd, at);
      return {
        outcome,
        then: (expected: ParticipantEvent[]) => expect(outcome).toEqual(expected),
        thenRefused: (code: string, status: number, message?: string) => {
          expect(outcome).toBeInstanceOf(DomainError);
          const error = outcome as DomainError;
          expect({ code: error.code, status: error.status }).toEqual({ code, status });
          if (message !== undefined) expect(error.message).toBe(message);
          return error;
        },
      };
    },
  };
}
