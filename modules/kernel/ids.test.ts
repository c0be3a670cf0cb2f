import { v5 as uuidv5 } from "uuid";
import { describe, expect, it } from "vitest";
import { idFrom, newId } from "./ids";

const NAMESPACE = "7f3c8a52-4a8e-4f0b-9f7e-2d7c1b6a0e11";

describe("idFrom", () => {
  it("gives the uuid package's v5 id in Rollcall's namespace, for every kind of name", () => {
    const names: (string | number)[][] = [
      ["demo", "organization", "northside-youth-centre"],
      ["idempotency-key", newId(), newId(), "a key"],
      [""],
      [42, "é", "名前", "😀", "a:b"],
      ["x".repeat(5_000)],
    ];
    for (let i = 0; i < 200; i++) names.push([newId(), i, "check-in", newId()]);
    for (const parts of names) expect(idFrom(...parts)).toBe(uuidv5(parts.join(":"), NAMESPACE));
  });

  it("is a version 5 RFC 4122 id, and different names give different ids", () => {
    const id = idFrom("a");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idFrom("a")).toBe(id);
    expect(idFrom("b")).not.toBe(id);
  });
});
