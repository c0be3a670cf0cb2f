import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import { isSecurityCode, normalizeClaimCode, SECURITY_CODE_ALPHABET, securityCodesOn } from "./client";
import { checkInDecider, type CheckInCommand, type CheckInState } from "./decide";
import type { CheckInEvent, CheckInSource } from "./events";
import type { PickUpRequest } from "./pick-up-rule";
import { INDEPENDENT_TRAVEL, type CheckInFacts } from "./rules-context";
import { DAY, given, meta, participant } from "./test-fixtures";

/** Security codes and claim codes in the decider (docs/decisions/036), given / when / then. */

const facts = (who = participant()): CheckInFacts => ({ participant: who, stopFlag: false, screeningRequired: false, screeningFilled: false });
const checkIn = (codes: { on?: boolean; code?: string }, f = facts()): CheckInCommand => ({
  type: "CheckIn",
  data: { participantId: "p1", checkInId: "v1", time: "2026-11-21T14:00:00.000Z", ...DAY, source: "kiosk", facts: f, actorOrganizationId: "org-a", securityCodesOn: codes.on, securityCode: codes.code },
  metadata: meta,
});
const checkOut = (source: CheckInSource, input: PickUpRequest & { claimCode?: string; on?: boolean }, f = facts()): CheckInCommand => ({
  type: "CheckOut",
  data: { participantId: "p1", time: "2026-11-21T20:00:00.000Z", ...DAY, source, facts: f, actorOrganizationId: "org-a", securityCodesOn: input.on ?? true, ...input },
  metadata: meta,
});
const checkedIn = (securityCode?: string): CheckInEvent => ({
  type: "MemberCheckedIn",
  data: {
    participantId: "p1",
    organizationId: "org-a",
    memberId: "AB23CD45",
    firstName: "Maya",
    lastName: "Lee",
    checkInId: "v1",
    checkInTime: "2026-11-21T14:00:00.000Z",
    ...DAY,
    source: "kiosk",
    ...(securityCode ? { securityCode } : {}),
  },
});
const when = (state: CheckInState, command: CheckInCommand) => checkInDecider.decide(state, command, new Date("2026-11-21T20:00:00Z"));
const refusal = (result: unknown) => {
  expect(result).toBeInstanceOf(DomainError);
  return result as DomainError;
};
const released = (result: unknown) => {
  expect(result).not.toBeInstanceOf(DomainError);
  return (result as CheckInEvent[]).at(-1) as Extract<CheckInEvent, { type: "MemberCheckedOut" }>;
};

describe("security codes: the alphabet", () => {
  it("has no look-alike characters (0/O, 1/I/L, 5/S, 2/Z, 8/B) and 25 characters", () => {
    for (const c of "0O1IL5S2Z8B") expect(SECURITY_CODE_ALPHABET).not.toContain(c);
    expect(new Set(SECURITY_CODE_ALPHABET).size).toBe(25);
  });

  it("reads a typed claim code in capitals without spaces or dashes; codes are on unless switched off", () => {
    expect(normalizeClaimCode(" k7-p a ")).toBe("K7PA");
    expect(isSecurityCode("K7PA")).toBe(true);
    expect(isSecurityCode("K0PA")).toBe(false);
    expect(securityCodesOn({})).toBe(true);
    expect(securityCodesOn({ is_security_codes: false })).toBe(false);
  });
});

describe("check-in with security codes", () => {
  it("given codes on, when a child is checked in with a code, then the event records it", () => {
    expect(when(given(), checkIn({ on: true, code: "K7PA" }))).toEqual([checkedIn("K7PA")]);
  });

  it("given codes on, when no valid code came with the check-in, then it is refused so the handler claims one", () => {
    expect(refusal(when(given(), checkIn({ on: true })))).toMatchObject({ code: "SECURITY_CODE_UNAVAILABLE", status: 503 });
    expect(refusal(when(given(), checkIn({ on: true, code: "OOOO" }))).code).toBe("SECURITY_CODE_UNAVAILABLE");
  });

  it("given codes off, then the event carries no code, even if one is sent", () => {
    expect(when(given(), checkIn({ on: false, code: "K7PA" }))).toEqual([checkedIn()]);
  });

  it("given a refusal (already checked in), then it is refused as before: no code is asked for", () => {
    expect(refusal(when(given(checkedIn("K7PA")), checkIn({ on: true }))).code).toBe("ALREADY_CHECKED_IN");
  });

  it("given an old event without a code, then the visit is open and checks out at the staff desk as before", () => {
    const state = given(checkedIn());
    expect(state.open?.securityCode).toBeUndefined();
    expect(released(when(state, checkOut("staff", { pickUpPersonId: "parent:u-priya" }))).data.pickUpPersonId).toBe("parent:u-priya");
  });
});

describe("kiosk check-out of a child an adult picks up, with claim codes (docs/decisions/036)", () => {
  const coded = () => given(checkedIn("K7PA"));

  it("releases to a person of the list who typed the matching claim code (in any case, with spaces)", () => {
    const out = released(when(coded(), checkOut("kiosk", { claimCode: "k7 pa", pickUpPersonId: "pickup:abc" })));
    expect(out.data).toMatchObject({ pickUpName: "Sam Ortiz", pickUpRelationship: "Uncle", pickUpContactNumber: "Not given", pickUpPersonId: "pickup:abc", source: "kiosk" });
  });

  it("refuses a wrong claim code with CLAIM_CODE_MISMATCH and says the kiosk may refer to staff", () => {
    const error = refusal(when(coded(), checkOut("kiosk", { claimCode: "K7PX", pickUpPersonId: "pickup:abc" })));
    expect(error).toMatchObject({ code: "CLAIM_CODE_MISMATCH", status: 403 });
    expect(error.message).toBe("That claim code does not match Maya Lee's tag. Check the claim tag, or see a staff member");
  });

  it("without a claim code it is decision 026's 'see staff', whatever the kiosk names", () => {
    expect(refusal(when(coded(), checkOut("kiosk", { pickUpPersonId: "pickup:abc" })))).toMatchObject({ code: "SEE_STAFF", status: 403 });
    expect(refusal(when(coded(), checkOut("kiosk", { claimCode: "  " }))).code).toBe("SEE_STAFF");
  });

  it("with the right code still wants a person of the list: none, or one not on it, is refused", () => {
    expect(refusal(when(coded(), checkOut("kiosk", { claimCode: "K7PA" }))).code).toBe("PICK_UP_REQUIRED");
    expect(refusal(when(coded(), checkOut("kiosk", { claimCode: "K7PA", pickUpPersonId: "pickup:nobody" }))).code).toBe("PICK_UP_NOT_AUTHORISED");
  });

  it("never takes typed details or an override at the kiosk, even with the right code: see staff", () => {
    expect(refusal(when(coded(), checkOut("kiosk", { claimCode: "K7PA", pickUpName: "Random Stranger", pickUpContactNumber: "1", pickUpRelationship: "x" }))).code).toBe("SEE_STAFF");
    expect(refusal(when(coded(), checkOut("kiosk", { claimCode: "K7PA", overrideReason: "trust me", pickUpName: "R", pickUpContactNumber: "1", pickUpRelationship: "x" }))).code).toBe(
      "SEE_STAFF",
    );
  });

  it("refers to staff when the visit has no code (recorded before codes, or with codes off) or codes are off now", () => {
    expect(refusal(when(given(checkedIn()), checkOut("kiosk", { claimCode: "K7PA", pickUpPersonId: "pickup:abc" }))).code).toBe("SEE_STAFF");
    expect(refusal(when(coded(), checkOut("kiosk", { on: false, claimCode: "K7PA", pickUpPersonId: "pickup:abc" }))).code).toBe("SEE_STAFF");
  });

  it("leaves staff check-out as it was: no claim code is asked for", () => {
    expect(released(when(coded(), checkOut("staff", { pickUpPersonId: "parent:u-priya" }))).data.pickUpPersonId).toBe("parent:u-priya");
  });

  it("leaves a child who travels independently as it was: NA, no claim code", () => {
    const alone = facts(participant({ pickUpPermission: INDEPENDENT_TRAVEL }));
    expect(released(when(coded(), checkOut("kiosk", {}, alone))).data.pickUpName).toBe("NA");
  });
});
