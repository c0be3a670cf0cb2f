import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import { given, hash1, hash2, issue, now, participantId, registered, sign, tokenIssued, waiverSigned } from "./test-fixtures";
import { WAIVER_VERSION } from "./waiver-text";
import { nextVersionId, waiverVersionsDecider, type PublishWaiverVersion } from "./waiver-versions";
import type { WaiverVersionEvent } from "./waiver-version-events";

const org = "org-1";
const publish = (data: Partial<PublishWaiverVersion["data"]> = {}): PublishWaiverVersion => ({
  type: "PublishWaiverVersion",
  data: { organizationId: org, title: "Waiver 2027", body: "A new text for the new season, with trips.", publishedBy: "admin-1", ...data },
  metadata: { commandId: "c-1", organizationId: org, actorId: "admin-1" },
});
const published = (versionId: string, title = "Waiver 2027", body = "A new text for the new season, with trips."): WaiverVersionEvent => ({
  type: "WaiverVersionPublished",
  data: { organizationId: org, versionId, title, body, effectiveFrom: now.toISOString(), publishedBy: "admin-1" },
});
const decide = (events: WaiverVersionEvent[], command: PublishWaiverVersion, at = now) =>
  waiverVersionsDecider.decide(events.reduce(waiverVersionsDecider.evolve, waiverVersionsDecider.initialState()), command, at);

describe("waiver versions (decision 100)", () => {
  it("publishes a version effective now, its id the day (a second that day: -2)", () => {
    const day = now.toISOString().slice(0, 10);
    expect(decide([], publish())).toEqual([published(day)]);
    expect(nextVersionId([{ versionId: day, title: "", body: "", effectiveFrom: "", publishedBy: null }], now)).toBe(`${day}-2`);
  });

  it("refuses an empty title, a short text, the current text again, and an id taken", () => {
    const refusal = (r: unknown) => (r instanceof DomainError ? [r.code, r.status, r.message] : r);
    expect(refusal(decide([], publish({ title: " " })))).toEqual(["VALIDATION", 400, expect.stringContaining("Title is required")]);
    expect(refusal(decide([], publish({ body: "too short" })))).toEqual(["VALIDATION", 400, expect.stringContaining("at least 20 characters")]);
    expect(refusal(decide([published("2026-11-01")], publish()))).toEqual(["WAIVER_VERSION_UNCHANGED", 409, expect.any(String)]);
    expect(refusal(decide([published("2026-11-01", "Old")], publish({ versionId: "2026-11-01" })))).toEqual(["WAIVER_VERSION_EXISTS", 409, expect.any(String)]);
  });
});

describe("participants: signing again for a new version (decision 100)", () => {
  const signedOld = { ...waiverSigned, data: { ...waiverSigned.data, waiverVersion: "2025-06-01" } };

  it("issues a link to a member who signed an older version, and refuses one who signed the current", () => {
    const registeredSignedOld = given(registered, tokenIssued(), signedOld);
    registeredSignedOld.when(issue({ currentVersion: "2026-11-27" })).then([expect.objectContaining({ type: "WaiverTokenIssued" })]);
    registeredSignedOld.when(issue({ currentVersion: "2025-06-01" })).thenRefused("WAIVER_ALREADY_SIGNED", 409);
    // no current version named: the built-in one, which this member did not sign
    registeredSignedOld.when(issue()).then([expect.objectContaining({ type: "WaiverTokenIssued" })]);
  });

  it("signs the new version with a fresh link; the same version twice is refused", () => {
    const fresh = { type: "WaiverTokenIssued" as const, data: { participantId, tokenHash: hash2, expiresAt: "2026-11-27T08:30:00.000Z", issuedBy: "admin-1" } };
    const state = given(registered, tokenIssued(hash1), signedOld, fresh);
    state.when(sign({ tokenHash: hash2, waiverVersion: "2026-11-27" })).then([expect.objectContaining({ type: "WaiverSigned", data: expect.objectContaining({ waiverVersion: "2026-11-27" }) })]);
    state.when(sign({ tokenHash: hash2, waiverVersion: "2025-06-01" })).thenRefused("WAIVER_ALREADY_SIGNED", 409);
    expect(given(registered, tokenIssued(), waiverSigned).state?.waiverVersion).toBe(WAIVER_VERSION);
  });
});
