import { describe, expect, it } from "vitest";
import { pickedUpByText } from "./picked-up-by";

describe("pickedUpByText (the board's and the check-in CSV's 'Picked up by')", () => {
  it("names the adult with the relationship when one is known", () => {
    expect(pickedUpByText("Dana Lee", "Aunt")).toBe("Dana Lee (Aunt)");
    expect(pickedUpByText(" Dana Lee ", "")).toBe("Dana Lee");
    expect(pickedUpByText("Dana Lee", null)).toBe("Dana Lee");
    expect(pickedUpByText("Dana Lee", "NA")).toBe("Dana Lee");
  });

  it("is blank when nobody collected the child (still here, or travelling independently)", () => {
    expect(pickedUpByText(null, null)).toBe("");
    expect(pickedUpByText("", "")).toBe("");
    expect(pickedUpByText("NA", "NA")).toBe("");
  });
});
