import { describe, expect, it } from "vitest";
import { whenText } from "../../app/components/inbox/types";

describe("the inbox's times (decision 073)", () => {
  it("reads midnight as 00 and names the month the same on every ICU", () => {
    expect(whenText("2026-11-27T05:03:00.000Z", "America/Toronto")).toBe("Nov 27, 00:03");
    expect(whenText("2026-11-27T04:59:00.000Z", "America/Toronto")).toBe("Nov 26, 23:59");
    expect(whenText("2026-01-05T14:05:00.000Z", "UTC")).toBe("Jan 5, 14:05");
  });
});
