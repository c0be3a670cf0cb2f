import { describe, expect, it } from "vitest";
import type { BoardRow, ParticipantDetail } from "./api";
import { barcodeErrorText, isAllowed, mayCheckOut, mergeRow, pickUpChoices, rowMatches } from "./rules";

const row = (id: string, checkIn: string, checkOut: string | null = null, name = "Maya Northside"): BoardRow => ({
  id,
  participant_id: `p-${id}`,
  member_id: "ABCD2345",
  first_name: name.split(" ")[0]!,
  last_name: name.split(" ")[1]!,
  full_name: name,
  check_in_time: checkIn,
  check_out_time: checkOut,
  pick_up_name: checkOut ? "NA" : null,
  pick_up_contact_number: checkOut ? "NA" : null,
  pick_up_relationship: checkOut ? "NA" : null,
  photo_url: null,
});

const participant = (over: Partial<ParticipantDetail>) =>
  ({
    is_waiver_signed: true,
    is_flagged: false,
    hasfilled: false,
    check_in_time: "2026-03-02T14:00:00.000Z",
    check_out_time: null,
    parent: null,
    contact_name: "Sam Lee",
    phone_number: "416-555-1000",
    pickup_contacts: [],
    ...over,
  }) as ParticipantDetail;

describe("isAllowed and check-out eligibility (spec-1 section 4)", () => {
  it("needs a signed waiver and no flag, and today's screening only when the organization asks for it", () => {
    expect(isAllowed(participant({}), false)).toBe(true);
    expect(isAllowed(participant({ is_waiver_signed: false }), false)).toBe(false);
    expect(isAllowed(participant({ is_flagged: true }), false)).toBe(false);
    expect(isAllowed(participant({}), true)).toBe(false);
    expect(isAllowed(participant({ hasfilled: true }), true)).toBe(true);
  });

  it("lets a checked-in member out unless flagged or (screening on) unscreened; the waiver does not matter", () => {
    expect(mayCheckOut(participant({ is_waiver_signed: false }), false)).toBe(true);
    expect(mayCheckOut(participant({ is_flagged: true }), false)).toBe(false);
    expect(mayCheckOut(participant({}), true)).toBe(false);
    expect(mayCheckOut(participant({ check_out_time: "2026-03-02T15:00:00.000Z" }), false)).toBe(false);
    expect(mayCheckOut(participant({ check_in_time: null }), false)).toBe(false);
  });
});

describe("the Picked Up By choices", () => {
  it("offers the people the server lists, keyed by the id a check-out names them by", () => {
    const pick_up_people = [
      { id: "contact:0123456789abcdef", name: "Sam Lee", phone_number: "416-555-1000", relationship: "Primary Contact" },
      { id: "pickup:fedcba9876543210", name: "Ana Lee", phone_number: "416-555-2000", relationship: "Aunt" },
    ];
    expect(pickUpChoices({ pick_up_people }).map((c) => [c.key, c.name, c.relationship, c.phone])).toEqual([
      ["contact:0123456789abcdef", "Sam Lee", "Primary Contact", "416-555-1000"],
      ["pickup:fedcba9876543210", "Ana Lee", "Aunt", "416-555-2000"],
    ]);
  });
});

describe("the barcode screen's refusal text (spec-1 section 8)", () => {
  it("adds '. Please try to rescan the barcode' and suppresses 'did not pass'", () => {
    expect(barcodeErrorText({ code: "ALREADY_CHECKED_IN", message: "Maya Northside is already checked in" })).toBe("Maya Northside is already checked in. Please try to rescan the barcode");
    expect(barcodeErrorText({ code: "MEMBER_NOT_FOUND", message: "No member with ID ABCDE." })).toBe("No member with ID ABCDE. Please try to rescan the barcode");
    expect(barcodeErrorText({ code: "MEMBER_FLAGGED", message: "Maya Northside did not pass the check-in requirements" })).toBeNull();
    // the code decides, not the words: another wording of the same refusal is still the participant dialog's
    expect(barcodeErrorText({ code: "MEMBER_FLAGGED", message: "Maya Northside may not come in" })).toBeNull();
    expect(barcodeErrorText({ code: "SCREENING_NOT_FILLED", message: "Maya Northside has not completed today's health screening" })).toBe(
      "Maya Northside has not completed today's health screening. Please try to rescan the barcode",
    );
  });
});

describe("merging live rows into the board", () => {
  it("inserts newest first, replaces by id, and never takes a check-out back", () => {
    let rows = mergeRow([], row("a", "2026-03-02T14:00:00.000Z"));
    rows = mergeRow(rows, row("b", "2026-03-02T15:00:00.000Z"));
    expect(rows.map((r) => r.id)).toEqual(["b", "a"]);
    rows = mergeRow(rows, row("a", "2026-03-02T14:00:00.000Z", "2026-03-02T16:00:00.000Z"));
    expect(rows.find((r) => r.id === "a")!.check_out_time).toBe("2026-03-02T16:00:00.000Z");
    // a stale copy (fetched before the check-out) does not undo it
    rows = mergeRow(rows, row("a", "2026-03-02T14:00:00.000Z"));
    expect(rows.find((r) => r.id === "a")!.check_out_time).toBe("2026-03-02T16:00:00.000Z");
    expect(rows).toHaveLength(2);
  });

  it("keeps a live row only when it belongs to the day and the search shown", () => {
    const day = { start: "2026-03-02T05:00:00.000Z", end: "2026-03-03T05:00:00.000Z" };
    expect(rowMatches(row("a", "2026-03-02T14:00:00.000Z"), day, "")).toBe(true);
    expect(rowMatches(row("a", "2026-03-03T05:00:00.000Z"), day, "")).toBe(false);
    expect(rowMatches(row("a", "2026-03-02T14:00:00.000Z"), day, "maya")).toBe(true);
    expect(rowMatches(row("a", "2026-03-02T14:00:00.000Z"), day, "abcd")).toBe(true);
    expect(rowMatches(row("a", "2026-03-02T14:00:00.000Z"), day, "leo")).toBe(false);
  });
});
