import { describe, expect, it } from "vitest";
import { dateIn } from "../programs";
import { eventWhen } from "./service-staff";

describe("the staff pages' dates (decision 053)", () => {
  it("writes dates MM/DD/YYYY on the organization's calendar, and an event's span on its clock", () => {
    // 02:30 UTC on the 6th is still the 5th in Toronto
    expect(dateIn("America/Toronto")("2026-12-06T02:30:00.000Z")).toBe("12/05/2026");
    const when = eventWhen("America/Toronto");
    expect(when("2026-12-05T15:00:00.000Z", "2026-12-05T20:00:00.000Z")).toBe("Sat, 12/05/2026, 10:00 AM – 3:00 PM");
    expect(when("2026-12-17T14:00:00.000Z", "2026-12-19T21:00:00.000Z")).toBe("Thu, 12/17/2026, 9:00 AM – Sat, 12/19/2026, 4:00 PM");
  });
});
