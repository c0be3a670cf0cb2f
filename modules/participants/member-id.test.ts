import { describe, expect, it } from "vitest";
import { generateMemberId, isMemberId, MEMBER_ID_ALPHABET, memberIdStream, normalizeMemberId } from "./member-id";

describe("participants: Member IDs", () => {
  it("generates 8 characters of the unambiguous alphabet, all different across a few thousand", () => {
    const ids = new Set(Array.from({ length: 5000 }, generateMemberId));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it("uses every character of the alphabet and none other", () => {
    expect(MEMBER_ID_ALPHABET).toHaveLength(32);
    expect(MEMBER_ID_ALPHABET).not.toMatch(/[IO01]/);
    const seen = new Set(Array.from({ length: 2000 }, generateMemberId).join(""));
    expect([...seen].sort().join("")).toBe([...MEMBER_ID_ALPHABET].sort().join(""));
  });

  it("normalizes typed or scanned input: trimmed, upper-case, cut to 8", () => {
    expect(normalizeMemberId("  k7m2p9qx\n")).toBe("K7M2P9QX");
    expect(normalizeMemberId("K7M2P9QXEXTRA")).toBe("K7M2P9QX");
    expect(normalizeMemberId("abc")).toBe("ABC");
    expect(memberIdStream(" k7m2p9qx")).toBe("memberid-K7M2P9QX");
  });

  it("tells a well-formed Member ID", () => {
    expect(isMemberId("K7M2P9QX")).toBe(true);
    expect(isMemberId("k7m2p9qx")).toBe(false);
    expect(isMemberId("K7M2P9Q")).toBe(false);
    expect(isMemberId("K7M2P9Q0")).toBe(false);
    expect(isMemberId("K7M2P9QI")).toBe(false);
  });
});
