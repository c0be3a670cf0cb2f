import { describe, expect, it } from "vitest";
import { DomainError, type RecordedEvent } from "../kernel";
import { checkInDecider, type CheckInCommand, type CheckInState } from "./decide";
import type { CheckInEvent } from "./events";
import { ADULT_PICK_UP, INDEPENDENT_TRAVEL, type CheckInFacts } from "./rules-context";

const DAY = { dayStart: "2026-11-21T05:00:00.000Z", dayEnd: "2026-11-22T05:00:00.000Z" };
const meta = { commandId: "c1", organizationId: "org-a", actorId: "staff" };
const participant = (over: Partial<NonNullable<CheckInFacts["participant"]>> = {}) => ({
  participantId: "p1",
  organizationId: "org-a",
  memberId: "AB23CD45",
  firstName: "Maya",
  lastName: "Lee",
  status: "Active",
  waiverSigned: true,
  pickUpPermission: ADULT_PICK_UP,
  ...over,
});
const facts = (over: Partial<CheckInFacts> = {}, who = participant()): CheckInFacts => ({
  participant: who,
  stopFlag: false,
  screeningRequired: false,
  screeningFilled: false,
  ...over,
});
const checkIn = (f: CheckInFacts, time = "2026-11-21T14:00:00.000Z"): CheckInCommand => ({
  type: "CheckIn",
  data: { participantId: "p1", checkInId: "v1", time, ...DAY, source: "staff", facts: f, actorOrganizationId: "org-a" },
  metadata: meta,
});
const checkOut = (f: CheckInFacts, pickUp: { pickUpName?: string; pickUpContactNumber?: string; pickUpRelationship?: string } = {}): CheckInCommand => ({
  type: "CheckOut",
  data: { participantId: "p1", time: "2026-11-21T20:00:00.000Z", ...DAY, source: "staff", facts: f, actorOrganizationId: "org-a", ...pickUp },
  metadata: meta,
});
const checkedIn = (time = "2026-11-21T14:00:00.000Z"): CheckInEvent => ({
  type: "MemberCheckedIn",
  data: { participantId: "p1", organizationId: "org-a", memberId: "AB23CD45", firstName: "Maya", lastName: "Lee", checkInId: "v1", checkInTime: time, ...DAY, source: "staff" },
});
const given = (...events: CheckInEvent[]): CheckInState =>
  events.reduce((s, e) => checkInDecider.evolve(s, e as RecordedEvent<CheckInEvent>), checkInDecider.initialState());
const when = (state: CheckInState, command: CheckInCommand) => checkInDecider.decide(state, command, new Date("2026-11-21T20:00:00Z"));
const refusal = (result: unknown) => {
  expect(result).toBeInstanceOf(DomainError);
  return result as DomainError;
};

describe("check-in", () => {
  it("checks in an active member with a signed waiver and no flag", () => {
    expect(when(given(), checkIn(facts()))).toEqual([checkedIn()]);
  });

  it("refuses without a signed waiver ('has not verified')", () => {
    const error = refusal(when(given(), checkIn(facts({}, participant({ waiverSigned: false })))));
    expect(error.code).toBe("WAIVER_NOT_SIGNED");
    expect(error.message).toBe("Maya Lee has not verified the waiver: it must be signed before checking in");
  });

  it("refuses a member with an active stop flag ('did not pass')", () => {
    const error = refusal(when(given(), checkIn(facts({ stopFlag: true }))));
    expect(error.code).toBe("MEMBER_FLAGGED");
    expect(error.message).toContain("did not pass");
  });

  it("refuses when daily screening is on and today's is not filled ('has not completed'), and allows it once filled", () => {
    expect(refusal(when(given(), checkIn(facts({ screeningRequired: true })))).message).toBe("Maya Lee has not completed today's health screening");
    expect(when(given(), checkIn(facts({ screeningRequired: true, screeningFilled: true })))).toHaveLength(1);
  });

  it("refuses a member already checked in today, until checked out", () => {
    expect(refusal(when(given(checkedIn()), checkIn(facts()))).code).toBe("ALREADY_CHECKED_IN");
    const out: CheckInEvent = { type: "MemberCheckedOut", data: { ...checkedIn().data, checkOutTime: "2026-11-21T16:00:00.000Z", pickUpName: "NA", pickUpContactNumber: "NA", pickUpRelationship: "NA", source: "staff" } };
    expect(when(given(checkedIn(), out), checkIn(facts(), "2026-11-21T17:00:00.000Z"))).toHaveLength(1);
  });

  it("does not let a visit left open yesterday block today", () => {
    expect(when(given(checkedIn("2026-11-20T14:00:00.000Z")), checkIn(facts()))).toHaveLength(1);
  });

  it("refuses an inactive member, an unknown member, and another organization's member (as not found)", () => {
    expect(refusal(when(given(), checkIn(facts({}, participant({ status: "Alumni" }))))).code).toBe("MEMBER_NOT_ACTIVE");
    expect(refusal(when(given(), checkIn({ ...facts(), participant: null }))).status).toBe(404);
    expect(refusal(when(given(), checkIn(facts({}, participant({ organizationId: "org-b" }))))).status).toBe(404);
  });
});

describe("check-out", () => {
  const pickUp = { pickUpName: "Priya Lee", pickUpContactNumber: "555-0100", pickUpRelationship: "Parent" };

  it("needs the pick-up name, contact number and relationship for a child picked up by an adult", () => {
    expect(refusal(when(given(checkedIn()), checkOut(facts()))).message).toBe("Pick Up Name is required");
    expect(refusal(when(given(checkedIn()), checkOut(facts(), { pickUpName: "Priya" }))).message).toBe("Pick Up Contact Number is required");
    expect(refusal(when(given(checkedIn()), checkOut(facts(), { pickUpName: "Priya", pickUpContactNumber: "1" }))).message).toBe("Pick Up Relationship is required");
    const [event] = when(given(checkedIn()), checkOut(facts(), pickUp)) as CheckInEvent[];
    expect(event).toMatchObject({ type: "MemberCheckedOut", data: { checkInId: "v1", pickUpName: "Priya Lee", pickUpRelationship: "Parent" } });
  });

  it("records NA for a child who may travel independently", () => {
    const [event] = when(given(checkedIn()), checkOut(facts({}, participant({ pickUpPermission: INDEPENDENT_TRAVEL })))) as CheckInEvent[];
    expect(event).toMatchObject({ data: { pickUpName: "NA", pickUpContactNumber: "NA", pickUpRelationship: "NA" } });
  });

  it("is blocked by a stop flag, and by an unfilled screening when screening is on", () => {
    expect(refusal(when(given(checkedIn()), checkOut(facts({ stopFlag: true }), pickUp))).code).toBe("MEMBER_FLAGGED");
    expect(refusal(when(given(checkedIn()), checkOut(facts({ screeningRequired: true }), pickUp))).code).toBe("SCREENING_NOT_FILLED");
  });

  it("refuses a member who is not checked in", () => {
    expect(refusal(when(given(), checkOut(facts(), pickUp))).code).toBe("NOT_CHECKED_IN");
  });
});
