import { describe, expect, it } from "vitest";
import {
  barcodeErrorText,
  CHECK_IN_CODES,
  CHECK_IN_TEXT,
  gateRefusal,
  MAX_DAY_MS,
  mayCheckIn,
  mayCheckMembersInOut,
  mayCheckOut,
  memberCheckInOn,
  travelsIndependently,
  INDEPENDENT_TRAVEL,
  ADULT_PICK_UP,
} from "./client";

const open = { stopFlag: false, screeningRequired: false, screeningFilled: false };

describe("the check-in rules both sides use (docs/decisions/031)", () => {
  it("gate: a stop flag first, then today's screening when the organization asks for it", () => {
    expect(gateRefusal(open)).toBeNull();
    expect(gateRefusal({ ...open, stopFlag: true, screeningRequired: true })).toBe(CHECK_IN_CODES.flagged);
    expect(gateRefusal({ ...open, screeningRequired: true })).toBe(CHECK_IN_CODES.screening);
    expect(gateRefusal({ ...open, screeningRequired: true, screeningFilled: true })).toBeNull();
  });

  it("check-in needs the gate and a signed waiver; check-out the gate and an open visit", () => {
    expect(mayCheckIn({ ...open, waiverSigned: true })).toBe(true);
    expect(mayCheckIn({ ...open, waiverSigned: false })).toBe(false);
    expect(mayCheckIn({ ...open, stopFlag: true, waiverSigned: true })).toBe(false);
    expect(mayCheckOut({ ...open, checkedIn: true })).toBe(true);
    expect(mayCheckOut({ ...open, checkedIn: false })).toBe(false);
    expect(mayCheckOut({ ...open, screeningRequired: true, checkedIn: true })).toBe(false);
  });

  it("a child travels alone only with the independent-travel text", () => {
    expect(travelsIndependently(INDEPENDENT_TRAVEL)).toBe(true);
    expect(travelsIndependently(ADULT_PICK_UP)).toBe(false);
    expect(travelsIndependently(null)).toBe(false);
  });

  it("is_member_check_in_or_out: on unless set false; the viewer also needs the permission", () => {
    expect(memberCheckInOn({ is_member_check_in_or_out: true })).toBe(true);
    expect(memberCheckInOn({})).toBe(true);
    expect(memberCheckInOn({ is_member_check_in_or_out: false })).toBe(false);
    expect(mayCheckMembersInOut({ hasPermission: true, settings: { is_member_check_in_or_out: true } })).toBe(true);
    expect(mayCheckMembersInOut({ hasPermission: true, settings: { is_member_check_in_or_out: false } })).toBe(false);
    expect(mayCheckMembersInOut({ hasPermission: false, settings: { is_member_check_in_or_out: true } })).toBe(false);
  });

  it("the barcode screen goes by the code: a flagged member is the dialog's, anything else the message and 'rescan'", () => {
    expect(barcodeErrorText({ code: CHECK_IN_CODES.flagged, message: "anything" })).toBeNull();
    expect(barcodeErrorText({ code: CHECK_IN_CODES.memberCheckInOff, message: CHECK_IN_TEXT.memberCheckInOff })).toBe(
      "Checking members in and out is turned off for this organization. Please try to rescan the barcode",
    );
  });

  it("a day spans at most 48 hours; the answers name the member", () => {
    expect(MAX_DAY_MS).toBe(48 * 3600 * 1000);
    expect(CHECK_IN_TEXT.done("Maya", "in")).toBe("Maya successfully checked in");
    expect(CHECK_IN_TEXT.done("Maya", "out")).toBe("Maya successfully checked out");
  });
});
