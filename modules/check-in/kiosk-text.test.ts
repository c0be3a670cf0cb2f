import { describe, expect, it } from "vitest";
import { CHECK_IN_CODES, KIOSK_SUCCESS_MS, KIOSK_TEXT, kioskMessage, memberIdInput } from "./client";

describe("the kiosk's messages (issue 15, decision 037)", () => {
  it("say what to do, by the refusal's code", () => {
    expect(kioskMessage(CHECK_IN_CODES.alreadyIn, "in")).toEqual({ tone: "info", text: "You are already checked in. Have a great day!" });
    expect(kioskMessage(CHECK_IN_CODES.waiver, "in")).toEqual({ tone: "stop", text: "Please see a staff member to finish your sign-up." });
    expect(kioskMessage(CHECK_IN_CODES.flagged, "in")).toEqual({ tone: "stop", text: "Unable to Check In. Please speak with a staff member." });
    expect(kioskMessage(CHECK_IN_CODES.screening, "in").text).toBe(KIOSK_TEXT.stop);
    expect(kioskMessage(CHECK_IN_CODES.flagged, "out")).toEqual({ tone: "stop", text: "Unable to Check Out. Please speak with a staff member." });
    expect(kioskMessage(CHECK_IN_CODES.memberNotFound, "in").tone).toBe("error");
    expect(kioskMessage(CHECK_IN_CODES.seeStaff, "out").text).toBe("Please see a staff member to check out");
    expect(kioskMessage(CHECK_IN_CODES.notIn, "out").text).toBe(KIOSK_TEXT.notIn);
    expect(kioskMessage(CHECK_IN_CODES.memberCheckInOff, "in").text).toBe("Checking members in and out is turned off for this organization.");
  });

  it("never repeat a server's words: an unknown code gets 'try again'", () => {
    expect(kioskMessage("VALIDATION", "in")).toEqual({ tone: "error", text: KIOSK_TEXT.tryAgain });
    expect(kioskMessage("", "out").text).toBe(KIOSK_TEXT.tryAgain);
  });

  it("are safe to show in public: no message names a reason, a flag or a note", () => {
    const texts = Object.values(CHECK_IN_CODES).flatMap((code) => [kioskMessage(code, "in").text, kioskMessage(code, "out").text]);
    for (const text of texts) expect(text).not.toMatch(/flag|reason|note|waiver|screening/i);
  });

  it("a success stays 4 s (spec-1 section 4)", () => {
    expect(KIOSK_SUCCESS_MS).toBe(4000);
  });
});

describe("what is typed into the Member ID", () => {
  it("keeps letters and digits, upper case, cut to 8", () => {
    expect(memberIdInput("ab12cd34ef")).toEqual({ value: "AB12CD34", invalid: [] });
  });

  it("names each character it cannot take, once, instead of dropping it silently", () => {
    expect(memberIdInput("AB-12-#3")).toEqual({ value: "AB123", invalid: ["-", "#"] });
    expect(KIOSK_TEXT.invalid(["-", "#"])).toBe("A Member ID has only letters and numbers. '-', '#' are not part of it.");
    expect(KIOSK_TEXT.invalid([" "])).toBe("A Member ID has only letters and numbers. A space is not part of it.");
  });
});
