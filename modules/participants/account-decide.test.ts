import { describe, expect, it } from "vitest";
import { participantAccountRefusal, PARTICIPANT_TOO_YOUNG } from "./decide";
import type { ParticipantEvent } from "./events";
import { given, issue, metadata, otherOrg, participantId, profile, registered } from "./test-fixtures";

/** Decision 068: a participant's own account (linked, the age and e-mail rules) and their own waiver link. */
const userId = "5e1d2e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
const link = (data: Record<string, unknown> = {}, meta = metadata) =>
  ({ type: "LinkParticipantAccount", data: { participantId, userId, today: "2026-11-21", ...data }, metadata: meta }) as const;
// Amara is born 2014-05-30: 12 on 2026-11-21, 13 from 2027-05-30
const teen = (dob = "2012-11-21"): ParticipantEvent => ({ ...registered, data: { ...registered.data, dob } });
const linked: ParticipantEvent = { type: "ParticipantUpdated", data: { participantId, ...profile, dob: "2012-11-21", userId } };

describe("participants: an account of their own (LinkParticipantAccount)", () => {
  it("links the account to a participant of 13 or more with an e-mail, keeping the profile", () => {
    given(teen()).when(link()).then([linked]);
  });

  it("refuses a participant under 13 on the organization's date: their guardian's account is theirs", () => {
    given(registered).when(link()).thenRefused("TOO_YOUNG", 409, PARTICIPANT_TOO_YOUNG);
    // the day before the thirteenth birthday, then the day of it
    given(teen("2013-11-22")).when(link()).thenRefused("TOO_YOUNG", 409);
    given(teen("2013-11-21")).when(link()).then([{ ...linked, data: { ...linked.data, dob: "2013-11-21" } } as ParticipantEvent]);
  });

  it("refuses a participant with no e-mail (400 naming email), or not Active", () => {
    const noEmail: ParticipantEvent = { ...registered, data: { ...registered.data, dob: "2000-01-01", email: "" } };
    const error = given(noEmail).when(link()).thenRefused("VALIDATION", 400);
    expect(error.details).toEqual({ fieldErrors: { email: [expect.stringContaining("Email is required")] } });
    const alumni: ParticipantEvent = { type: "ParticipantStatusChanged", data: { participantId, status: "Alumni", reason: "Moved away" } };
    given(teen(), alumni).when(link()).thenRefused("PARTICIPANT_NOT_ACTIVE", 409);
  });

  it("appends nothing when linked already to this account; another account is a conflict", () => {
    given(teen(), linked).when(link()).then([]);
    given(teen(), linked).when(link({ userId: "6f1d2e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f" })).thenRefused("HAS_ACCOUNT", 409);
  });

  it("another organization's participant, or none, is not found", () => {
    given(teen()).when(link({}, { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given().when(link()).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("the refusal is the same pure rule the services check before making an account", () => {
    expect(participantAccountRefusal({ email: "a@b.co", dob: "2010-01-01", status: "Active", userId: null }, "2026-11-21")).toBeNull();
    expect(participantAccountRefusal({ email: "a@b.co", dob: "not a date", status: "Active", userId: null }, "2026-11-21")?.code).toBe("TOO_YOUNG");
  });
});

describe("participants: their own waiver link (IssueWaiverToken asSelf)", () => {
  it("issues a link to the participant through their own account only", () => {
    const outcome = given(teen(), linked).when(issue({ issuedBy: userId, asSelf: true })).outcome as ParticipantEvent[];
    expect(outcome[0]).toMatchObject({ type: "WaiverTokenIssued", data: { participantId, issuedBy: userId } });
    given(teen(), linked).when(issue({ issuedBy: "someone-else", asSelf: true })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(teen()).when(issue({ issuedBy: userId, asSelf: true })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(teen(), linked).when(issue({ issuedBy: null, asSelf: true })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });
});
