import { describe, expect, it } from "vitest";
import { DomainError, isDomainError, isWrongExpectedRevision, WrongExpectedRevisionError } from "./errors";

describe("errors across module copies", () => {
  it("recognises an error made by another copy of the module (the Remix build bundles its own)", async () => {
    // a second, separate instance of the module, as the Remix server bundle has
    const other = await import(/* @vite-ignore */ `./errors.ts?copy=${Date.now()}`);
    expect(other.DomainError).not.toBe(DomainError);
    const foreign = new other.DomainError("X", "from the other copy", 409);
    expect(foreign instanceof DomainError).toBe(true);
    expect(isDomainError(foreign)).toBe(true);
    expect(isWrongExpectedRevision(new other.WrongExpectedRevisionError("s", "0", 1))).toBe(true);
  });

  it("does not mistake other errors for them", () => {
    expect(new Error("x") instanceof DomainError).toBe(false);
    expect(isWrongExpectedRevision(new DomainError("X", "y"))).toBe(false);
    expect(new WrongExpectedRevisionError("s", "0", 1) instanceof DomainError).toBe(false);
  });
});
