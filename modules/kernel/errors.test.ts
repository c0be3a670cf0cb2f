import { describe, expect, it } from "vitest";
import { DomainError, isDomainError, isWrongExpectedRevision, WrongExpectedRevisionError } from "./errors";

describe("domain errors (one copy of the module per process: decision 034)", () => {
  it("does not mistake other errors for them", () => {
    expect(isDomainError(new DomainError("X", "y", 409))).toBe(true);
    expect(new Error("x") instanceof DomainError).toBe(false);
    expect(isWrongExpectedRevision(new DomainError("X", "y"))).toBe(false);
    expect(new WrongExpectedRevisionError("s", "0", 1) instanceof DomainError).toBe(false);
  });
});
