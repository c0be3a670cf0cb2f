import { describe, expect, it } from "vitest";
import { deciderSpec } from "../../../test/support/decider-spec";
import type { UserEvent } from "../users/events";
import { INVITATION_TTL_MS, invitationDecider, invitationStatusOf, TOKEN_EXPIRED, type GroupFact, type InvitationCommand } from "./decide";

const now = new Date("2026-11-27T09:00:00Z");
const given = deciderSpec(invitationDecider, now);
const meta = { commandId: "c1", organizationId: "org-a", actorId: "admin-1" };
const groups: GroupFact[] = [
  { id: "g-participant", level: 1 },
  { id: "g-coach", level: 2 },
  { id: "g-admin", level: 3 },
  { id: "g-organization", level: 4 },
];
const admin = { userId: "admin-1", level: 3 };
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

const created = (over: { userGroupId?: string; organizationId?: string; status?: "Active" | "Inactive" } = {}): UserEvent => ({
  type: "StaffUserCreated",
  data: { userId: "u1", organizationId: over.organizationId ?? "org-a", username: "dana@example.org", email: "dana@example.org", firstName: "Dana", lastName: "Coach", userGroupId: over.userGroupId ?? "g-coach", parentId: null, phoneNumber: "", status: over.status ?? "Active", statusReason: over.status === "Inactive" ? "On leave" : null, invitationStatus: "Pending" },
});
const sent = (hash: string, expiresAt = later(INVITATION_TTL_MS), resent = false): UserEvent => ({
  type: "InvitationSent",
  data: { userId: "u1", organizationId: "org-a", kind: "coach", tokenHash: hash, expiresAt, sentBy: "admin-1", resent },
});
const send = (hash = "h1", actor = admin, organizationId = "org-a"): InvitationCommand => ({
  type: "SendInvitation",
  data: { userId: "u1", kind: "coach", tokenHash: hash, expiresAt: later(INVITATION_TTL_MS), actor, groups },
  metadata: { ...meta, organizationId },
});
const accept = (hash = "h1"): InvitationCommand => ({
  type: "AcceptInvitation",
  data: { userId: "u1", tokenHash: hash, passwordHash: "argon", firstName: " Dana ", lastName: "Coach", phoneNumber: "416 555 0101" },
  metadata: { ...meta, actorId: "u1" },
});
const accepted: UserEvent = { type: "InvitationAccepted", data: { userId: "u1", passwordHash: "argon", firstName: "Dana", lastName: "Coach", phoneNumber: "416 555 0101" } };
const revoke = (actor = admin): InvitationCommand => ({ type: "RevokeInvitation", data: { userId: "u1", actor, groups }, metadata: meta });

describe("invitations: send and resend", () => {
  it("sends a Pending user's invitation, with a 14-day expiry", () => {
    given(created()).when(send()).then([sent("h1")]);
    expect(INVITATION_TTL_MS).toBe(14 * 24 * 60 * 60 * 1000);
  });
  it("a resend replaces the token: the old one is refused, the new one accepted", () => {
    const events = [created(), sent("h1"), sent("h2", later(INVITATION_TTL_MS), true)];
    given(...events).when(accept("h1")).thenRefused("TOKEN_EXPIRED", 400, TOKEN_EXPIRED);
    given(...events).when(accept("h2")).then([accepted]);
    given(created(), sent("h1")).when(send("h2")).then([sent("h2", later(INVITATION_TTL_MS), true)]);
  });
  it("refuses a user of a group above the actor's level (403) and another organization's user (404)", () => {
    given(created({ userGroupId: "g-organization" })).when(send()).thenRefused("ABOVE_OWN_LEVEL", 403);
    given(created()).when(send("h1", { userId: "coach-1", level: 2 })).then([{ ...sent("h1"), data: { ...(sent("h1").data as object), sentBy: "coach-1" } } as UserEvent]);
    given(created({ organizationId: "org-b" })).when(send()).thenRefused("USER_NOT_FOUND", 404);
    given().when(send()).thenRefused("USER_NOT_FOUND", 404);
  });
  it("refuses a user who already joined, an Inactive user, and the wrong kind", () => {
    given(created(), sent("h1"), accepted).when(send("h2")).thenRefused("ALREADY_JOINED", 409);
    given(created({ status: "Inactive" })).when(send()).thenRefused("USER_NOT_ACTIVE", 409);
    given(created({ userGroupId: "g-participant" })).when(send()).thenRefused("VALIDATION", 400);
  });
});

describe("invitations: accept", () => {
  it("accepts once: the second use is 'Token expired'", () => {
    given(created(), sent("h1")).when(accept()).then([accepted]);
    given(created(), sent("h1"), accepted).when(accept()).thenRefused("TOKEN_EXPIRED", 400, TOKEN_EXPIRED);
  });
  it("refuses an expired token (at the expiry instant too) and an unknown one", () => {
    given(created(), sent("h1", now.toISOString())).when(accept()).thenRefused("TOKEN_EXPIRED", 400);
    given(created(), sent("h1", later(-1000))).when(accept()).thenRefused("TOKEN_EXPIRED", 400);
    given(created(), sent("h1")).when(accept("nope")).thenRefused("TOKEN_EXPIRED", 400);
    given(created()).when(accept()).thenRefused("TOKEN_EXPIRED", 400);
  });
  it("a revoked token is dead; revoking needs an open invitation and the level rule", () => {
    given(created(), sent("h1")).when(revoke()).then([{ type: "InvitationRevoked", data: { userId: "u1", revokedBy: "admin-1" } }]);
    given(created(), sent("h1"), { type: "InvitationRevoked", data: { userId: "u1", revokedBy: "admin-1" } }).when(accept()).thenRefused("TOKEN_EXPIRED", 400);
    given(created()).when(revoke()).thenRefused("NO_INVITATION", 409);
    given(created({ userGroupId: "g-organization" }), sent("h1")).when(revoke()).thenRefused("ABOVE_OWN_LEVEL", 403);
  });
  it("a password set by a reset ends the invitation", () => {
    given(created(), sent("h1"), { type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "x", reason: "reset" } }).when(accept()).thenRefused("TOKEN_EXPIRED", 400);
  });
});

describe("invitations: statuses and new requests", () => {
  it("Pending, Invited, Expired, Accepted", () => {
    expect(invitationStatusOf(given(created()).state, now)).toBe("Pending");
    expect(invitationStatusOf(given(created(), sent("h1")).state, now)).toBe("Invited");
    expect(invitationStatusOf(given(created(), sent("h1", later(-1))).state, now)).toBe("Expired");
    expect(invitationStatusOf(given(created(), sent("h1"), accepted).state, now)).toBe("Accepted");
  });
  it("only a link once sent may ask for a new invitation, once until the next is sent", () => {
    const ask = (hash: string): InvitationCommand => ({ type: "RequestNewInvitation", data: { userId: "u1", tokenHash: hash }, metadata: { ...meta, actorId: null } });
    const asked: UserEvent = { type: "InvitationRenewalRequested", data: { userId: "u1" } };
    given(created(), sent("h1", later(-1))).when(ask("h1")).then([asked]);
    given(created(), sent("h1", later(-1)), asked).when(ask("h1")).then([]);
    given(created(), sent("h1")).when(ask("other")).thenRefused("TOKEN_EXPIRED", 400);
    given(created(), sent("h1"), accepted).when(ask("h1")).thenRefused("ALREADY_JOINED", 409);
  });
});
