import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSecurityCode } from "./client";
import { codeAt, SECURITY_CODE_SPACE } from "./code-permutation";

describe("the day's code permutation (docs/decisions/043)", () => {
  it("maps every index of the day to a distinct valid code: all 390,625 of them", { timeout: 60_000 }, () => {
    const key = randomBytes(16);
    const seen = new Set<string>();
    for (let i = 0; i < SECURITY_CODE_SPACE; i++) seen.add(codeAt(key, i));
    expect(seen.size).toBe(SECURITY_CODE_SPACE);
    expect([...seen].slice(0, 1000).every(isSecurityCode)).toBe(true);
  });

  it("gives unrelated codes to neighbouring indexes and other codes under another day's key", () => {
    const key = randomBytes(16);
    const block = Array.from({ length: 25 }, (_, i) => codeAt(key, 1000 + i));
    // neighbours share no fixed prefix: a sequential scheme would keep the first three characters
    expect(new Set(block.map((c) => c.slice(0, 2))).size).toBeGreaterThan(15);
    const other = randomBytes(16);
    const same = block.filter((c, i) => codeAt(other, 1000 + i) === c).length;
    expect(same).toBeLessThan(3);
    expect(codeAt(key, 1000)).toBe(block[0]);
  });

  it("refuses an index outside the day's space", () => {
    expect(() => codeAt(randomBytes(16), SECURITY_CODE_SPACE)).toThrow(RangeError);
    expect(() => codeAt(randomBytes(16), -1)).toThrow(RangeError);
  });
});
