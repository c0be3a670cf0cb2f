import { describe, expect, it } from "vitest";
import { postalCodeOf } from "./postal-code";

describe("the event report's postal_code, from the address's text", () => {
  it.each([
    ["12 Maple Street, Toronto, ON M4B 1B3", "M4B 1B3"],
    ["12 Maple Street, Toronto m4b1b3", "M4B 1B3"],
    ["400 Broadway, New York, NY 10013", "10013"],
    ["12345 Main Street, Austin TX 78701-1234", "78701-1234"],
    ["10 Queen Street, Toronto", ""],
    ["", ""],
  ])("%s -> %s", (address, code) => expect(postalCodeOf(address)).toBe(code));
});
