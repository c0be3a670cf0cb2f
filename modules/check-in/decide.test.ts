import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import { checkInDecider, type CheckInCommand, type CheckInState } from "./decide";
import type { CheckInEvent, CheckInSource } from "./events";
import type { PickUpRequest } from "./pick-up-rule";
import { INDEPENDENT_TRAVEL, type CheckInFacts } from "./rules-context";
import { DAY, given, meta, participant } from "./test-fixtures";

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
const checkOut = (f: CheckInFacts, pickUp: PickUpRequest = {}, source: CheckInSource = "staff"): CheckInCommand => ({
  type: "CheckOut",
  data: { participantId: "p1", time: "2026-11-21T20:00:00.000Z", ...DAY, source, facts: f, actorOrganizationId: "org-a", ...pickUp },
  metadata: meta,
});
const checkedIn = (time = "2026-11-21T14:00:00.000Z"): CheckInEvent => ({
  type: "MemberCheckedIn",
  data: { participantId: "p1", organizationId: "org-a", memberId: "AB23CD45", firstName: "Maya", lastName: "Lee", checkInId: "v1", checkInTime: time, ...DAY, source: "staff" },
});
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
  const pickUp = { pickUpPersonId: "parent:u-priya" };
  const typed = { pickUpName: "Random Stranger", pickUpContactNumber: "1", pickUpRelationship: "x" };

  it("releases a child an adult picks up to a person of their list, named by id, with the details from the profile", () => {
    const [event] = when(given(checkedIn()), checkOut(facts(), pickUp)) as CheckInEvent[];
    const { participantId, organizationId, memberId, firstName, lastName, checkInId } = checkedIn().data;
    expect(event).toStrictEqual({
      type: "MemberCheckedOut",
      data: {
        ...{ participantId, organizationId, memberId, firstName, lastName, checkInId },
        checkOutTime: "2026-11-21T20:00:00.000Z",
        ...{ pickUpName: "Priya Lee", pickUpContactNumber: "555-0100", pickUpRelationship: "Parent", pickUpPersonId: "parent:u-priya", source: "staff" },
      },
    });
    // a contact without a number on file
    const [uncle] = when(given(checkedIn()), checkOut(facts(), { pickUpPersonId: "pickup:abc", pickUpName: "Typed Over" })) as CheckInEvent[];
    expect(uncle).toMatchObject({ data: { pickUpName: "Sam Ortiz", pickUpContactNumber: "Not given", pickUpRelationship: "Uncle" } });
  });

  it("refuses free-text pick-up details without an override, and an id not on the list", () => {
    const free = refusal(when(given(checkedIn()), checkOut(facts(), typed)));
    expect(free.code).toBe("PICK_UP_NOT_AUTHORISED");
    expect(free.status).toBe(403);
    expect(free.message).toBe("Random Stranger is not on Maya Lee's pick-up list: choose an authorised person, or release to someone else with an override reason");
    const stale = refusal(when(given(checkedIn()), checkOut(facts(), { pickUpPersonId: "pickup:edited" })));
    expect(stale.code).toBe("PICK_UP_NOT_AUTHORISED");
    // a child with nobody on file is no exception
    expect(refusal(when(given(checkedIn()), checkOut(facts({}, participant({ pickUpPeople: [] })), { pickUpPersonId: "parent:u-priya" }))).code).toBe("PICK_UP_NOT_AUTHORISED");
    const none = refusal(when(given(checkedIn()), checkOut(facts())));
    expect([none.code, none.message]).toEqual(["PICK_UP_REQUIRED", "Pick Up Person is required"]);
  });

  it("refers a child an adult picks up to staff at the kiosk, whoever is named, and refuses them in bulk", () => {
    for (const request of [{}, pickUp, typed, { ...typed, overrideReason: "Mum called" }]) {
      const error = refusal(when(given(checkedIn()), checkOut(facts(), request, "kiosk")));
      expect([error.code, error.message, error.status]).toEqual(["SEE_STAFF", "Please see a staff member to check out", 403]);
    }
    const bulk = refusal(when(given(checkedIn()), checkOut(facts(), {}, "bulk")));
    expect([bulk.code, bulk.message]).toEqual(["PICK_UP_REQUIRED", "Maya Lee is picked up by an adult: check them out on their own, choosing who picks them up"]);
  });

  it("lets staff release to someone else with a reason: the override is its own event, before the check-out", () => {
    const events = when(given(checkedIn()), checkOut(facts(), { ...typed, overrideReason: "  Mum phoned: her neighbour collects today  " })) as CheckInEvent[];
    expect(events.map((e) => e.type)).toEqual(["PickUpOverridden", "MemberCheckedOut"]);
    expect(events[0]).toMatchObject({ data: { participantId: "p1", checkInId: "v1", pickUpName: "Random Stranger", pickUpContactNumber: "1", pickUpRelationship: "x", reason: "Mum phoned: her neighbour collects today", overriddenBy: "staff" } });
    expect(events[1]).toMatchObject({ data: { pickUpName: "Random Stranger", pickUpPersonId: "override", source: "staff" } });
    // the override changes no state of its own: the visit is closed by the check-out
    expect(given(checkedIn(), ...events).open).toBeNull();
  });

  it("needs the override's reason, name, number and relationship, and not an id as well", () => {
    const cases: [PickUpRequest, string][] = [
      [{ ...typed, overrideReason: "   " }, "Override Reason is required"],
      [{ ...typed, overrideReason: "x".repeat(501) }, "Override Reason must be at most 500 characters"],
      [{ overrideReason: "Mum called" }, "Pick Up Name is required"],
      [{ pickUpName: "Jo", overrideReason: "Mum called" }, "Pick Up Contact Number is required"],
      [{ pickUpName: "Jo", pickUpContactNumber: "1", overrideReason: "Mum called" }, "Pick Up Relationship is required"],
      [{ ...pickUp, overrideReason: "Mum called" }, "Choose an authorised person or give an override reason, not both"],
    ];
    for (const [request, message] of cases) {
      const error = refusal(when(given(checkedIn()), checkOut(facts(), request)));
      expect([error.status, error.message], message).toEqual([400, message]);
    }
  });

  it("records NA for a child who may travel independently, from staff, the kiosk or in bulk", () => {
    const alone = facts({}, participant({ pickUpPermission: INDEPENDENT_TRAVEL, pickUpPeople: [] }));
    for (const source of ["staff", "kiosk", "bulk"] as const) {
      const [event] = when(given(checkedIn()), checkOut(alone, {}, source)) as CheckInEvent[];
      expect(event).toMatchObject({ type: "MemberCheckedOut", data: { pickUpName: "NA", pickUpContactNumber: "NA", pickUpRelationship: "NA", source } });
      expect(event!.data).not.toHaveProperty("pickUpPersonId");
    }
  });

  it("is blocked by a stop flag, and by an unfilled screening when screening is on", () => {
    expect(refusal(when(given(checkedIn()), checkOut(facts({ stopFlag: true }), pickUp))).code).toBe("MEMBER_FLAGGED");
    expect(refusal(when(given(checkedIn()), checkOut(facts({ screeningRequired: true }), pickUp))).code).toBe("SCREENING_NOT_FILLED");
  });

  it("refuses a member who is not checked in", () => {
    expect(refusal(when(given(), checkOut(facts(), pickUp))).code).toBe("NOT_CHECKED_IN");
  });
});
