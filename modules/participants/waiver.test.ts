import { describe, expect, it } from "vitest";
import { WAIVER_TOKEN_TTL_MS } from "./decide";
import type { ParticipantEvent } from "./events";
import { given, hash1, hash2, issue, metadata, now, otherOrg, parentId, participantId, profile, registered, sign, tokenIssued, waiverSigned } from "./test-fixtures";
import { WAIVER_VERSION } from "./waiver-text";

const inAWeek = new Date(now.getTime() + WAIVER_TOKEN_TTL_MS).toISOString();
const issued = (issuedBy: string | null = "admin-1", tokenHash = hash2): ParticipantEvent => ({
  type: "WaiverTokenIssued",
  data: { participantId, tokenHash, expiresAt: inAWeek, issuedBy },
});

describe("participants: waiver links (IssueWaiverToken)", () => {
  it("issues a link for a participant of the organization, expiring 7 days from now", () => {
    expect(WAIVER_TOKEN_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    given(registered).when(issue()).then([issued()]);
  });

  it("lets a parent ask for their own child's link, and no other child's (not found)", () => {
    given(registered).when(issue({ issuedBy: parentId, asParent: true })).then([issued(parentId)]);
    given(registered).when(issue({ issuedBy: "another-parent", asParent: true })).thenRefused("PARTICIPANT_NOT_FOUND", 404, "Participant not found");
    const orphan: ParticipantEvent = { type: "ParticipantRegistered", data: { ...registered.data, parentId: null } };
    given(orphan).when(issue({ issuedBy: parentId, asParent: true })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(issue({ issuedBy: null, asParent: true })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("treats an unknown participant and another organization's as not found", () => {
    given().when(issue()).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(issue({}, { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("keeps only a SHA-256 digest: anything else (a raw token) is refused", () => {
    given(registered).when(issue({ tokenHash: "raw-token-value" })).thenRefused("VALIDATION", 400, "Token hash must be a SHA-256 digest in hex");
  });

  it("refuses a link once the waiver is signed", () => {
    given(registered, tokenIssued(), waiverSigned).when(issue()).thenRefused("WAIVER_ALREADY_SIGNED", 409, "The waiver of Amara Okafor is signed already");
  });
});

describe("participants: signing the waiver (SignWaiver)", () => {
  it("signs with an issued token: the name typed, consent, the time (now), the address, the token's hash and the text's version", () => {
    given(registered, tokenIssued()).when(sign()).then([waiverSigned]);
    const state = given(registered, tokenIssued(), waiverSigned).state;
    expect(state).toMatchObject({ waiverSigned: true, waiverSignedAt: now.toISOString(), waiverSignedBy: "Ngozi Okafor" });
  });

  it("refuses an unknown token, a missing one and another participant's as 'Token expired'", () => {
    given(registered, tokenIssued()).when(sign({ tokenHash: hash2 })).thenRefused("TOKEN_EXPIRED", 400, "Token expired");
    given(registered, tokenIssued()).when(sign({ tokenHash: undefined })).thenRefused("TOKEN_EXPIRED", 400, "Token expired");
    given(registered).when(sign()).thenRefused("TOKEN_EXPIRED", 400, "Token expired");
    for (const name of ["constructor", "toString", "__proto__"]) given(registered, tokenIssued()).when(sign({ tokenHash: name })).thenRefused("TOKEN_EXPIRED", 400);
  });

  it("refuses a token from its expiry on", () => {
    const expiring = tokenIssued(hash1, now.toISOString());
    given(registered, expiring).when(sign(), new Date(now.getTime() - 1)).then([{ ...waiverSigned, data: { ...waiverSigned.data, signedAt: new Date(now.getTime() - 1).toISOString() } }]);
    given(registered, expiring).when(sign()).thenRefused("TOKEN_EXPIRED", 400, "Token expired");
    given(registered, expiring).when(sign(), new Date(now.getTime() + 60_000)).thenRefused("TOKEN_EXPIRED", 400);
  });

  it("lets a token sign once: a second use is 'Token expired', and so is every other outstanding link", () => {
    const signedTwice = given(registered, tokenIssued(hash1), tokenIssued(hash2), waiverSigned);
    signedTwice.when(sign({ tokenHash: hash1 })).thenRefused("TOKEN_EXPIRED", 400, "Token expired");
    signedTwice.when(sign({ tokenHash: hash2 })).thenRefused("TOKEN_EXPIRED", 400, "Token expired");
    expect(Object.values(signedTwice.state!.waiverTokens).every((t) => t.used)).toBe(true);
  });

  it("signs with any of several outstanding links", () => {
    const outcome = given(registered, tokenIssued(hash1), tokenIssued(hash2)).when(sign({ tokenHash: hash2 })).outcome;
    expect(outcome).toEqual([{ ...waiverSigned, data: { ...waiverSigned.data, tokenHash: hash2 } }]);
  });

  it("refuses without a name, without consent, or with a text that does not exist (the token is kept)", () => {
    const open = given(registered, tokenIssued());
    open.when(sign({ signedByName: "  " })).thenRefused("VALIDATION", 400, "Full Name is required");
    open.when(sign({ consent: false })).thenRefused("VALIDATION", 400, "Consent is required");
    open.when(sign({ waiverVersion: "1999-01" })).thenRefused("VALIDATION", 400, "Waiver Version is not a known waiver text");
    open.when(sign({ waiverVersion: WAIVER_VERSION })).then([waiverSigned]);
  });

  it("treats an unknown participant and another organization's as not found", () => {
    given().when(sign()).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered, tokenIssued()).when(sign({}, { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });
});

describe("participants: evolve", () => {
  it("folds every event into the state other modules read", () => {
    const state = given(
      registered,
      { type: "ParticipantUpdated", data: { participantId, ...profile, lastName: "Okafor-Bello" } },
      { type: "ParticipantStatusChanged", data: { participantId, status: "Inactive" } },
      tokenIssued(),
      waiverSigned,
    ).state;
    expect(state).toEqual({
      ...registered.data,
      lastName: "Okafor-Bello",
      status: "Inactive",
      waiverSigned: true,
      waiverSignedAt: now.toISOString(),
      waiverSignedBy: "Ngozi Okafor",
      waiverVersion: WAIVER_VERSION,
      waiverTokens: { [hash1]: { expiresAt: "2026-11-27T08:30:00.000Z", used: true } },
    });
  });

  it("folds a waiver signed before tokens existed (no token hash)", () => {
    const legacy: ParticipantEvent = { type: "WaiverSigned", data: { ...waiverSigned.data, tokenHash: null, waiverVersion: undefined } };
    expect(given(registered, legacy).state).toMatchObject({ waiverSigned: true, waiverTokens: {} });
  });
});
