import { describe, expect, it } from "vitest";
import { deciderSpec } from "../../test/support/decider-spec";
import { guardianDecider, type ChildFact, type GuardianCommand, type GuardianFact } from "./guardian-decide";
import type { GuardianEvent } from "./guardian-events";
import { guardianIdsOf, isGuardian } from "./guardian-state";

const now = new Date("2026-11-27T09:00:00Z");
const given = deciderSpec(guardianDecider, now);
const meta = { commandId: "c1", organizationId: "org-a", actorId: "admin-1" };
const child = (over: Partial<NonNullable<ChildFact>> = {}): ChildFact => ({ participantId: "kid-1", organizationId: "org-a", fullName: "Maya Maple", registeredParentId: "parent-1", ...over });
const parent = (over: Partial<NonNullable<GuardianFact>> = {}): GuardianFact => ({ userId: "parent-2", organizationId: "org-a", fullName: "Sam Maple", isParent: true, ...over });
const link = (g: GuardianFact = parent(), c: ChildFact = child(), relationship: string | null = null): GuardianCommand => ({ type: "LinkGuardian", data: { organizationId: "org-a", child: c, guardian: g, relationship }, metadata: meta });
const unlink = (g: GuardianFact = parent(), c: ChildFact = child()): GuardianCommand => ({ type: "UnlinkGuardian", data: { organizationId: "org-a", child: c, guardian: g }, metadata: meta });
const linked = (guardianId: string, relationship: string | null = null): GuardianEvent => ({ type: "GuardianLinked", data: { participantId: "kid-1", guardianId, organizationId: "org-a", relationship } });
const unlinked = (guardianId: string): GuardianEvent => ({ type: "GuardianUnlinked", data: { participantId: "kid-1", guardianId, organizationId: "org-a" } });

describe("guardianDecider (decision 064)", () => {
  it("links a second guardian beside the registered parent, with the relationship trimmed", () => {
    given().when(link(parent(), child(), "  Father ")).then([linked("parent-2", "Father")]);
  });

  it("refuses a duplicate link: the registered parent, or one linked already", () => {
    given().when(link(parent({ userId: "parent-1" }))).thenRefused("ALREADY_LINKED", 409, "This child is already linked to this parent");
    given(linked("parent-2")).when(link()).thenRefused("ALREADY_LINKED", 409);
  });

  it("links again after an unlink", () => {
    given(linked("parent-2"), unlinked("parent-2")).when(link()).then([linked("parent-2")]);
  });

  it("a guardian must be a parent-group user of the child's organization", () => {
    given().when(link(parent({ isParent: false }))).thenRefused("NOT_A_PARENT", 400);
    given().when(link(parent({ organizationId: "org-b" }))).thenRefused("PARENT_NOT_FOUND", 404);
    given().when(link(null)).thenRefused("PARENT_NOT_FOUND", 404);
  });

  it("the child must be a participant of the organization", () => {
    given().when(link(parent(), null)).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given().when(link(parent(), child({ organizationId: "org-b" }))).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("unlinks the registered parent and a linked guardian; the last guardian too", () => {
    given().when(unlink(parent({ userId: "parent-1" }))).then([unlinked("parent-1")]);
    given(linked("parent-2"), unlinked("parent-1")).when(unlink()).then([unlinked("parent-2")]);
  });

  it("refuses to unlink a pair not linked", () => {
    given().when(unlink()).thenRefused("LINK_NOT_FOUND", 404);
    given(unlinked("parent-1")).when(unlink(parent({ userId: "parent-1" }))).thenRefused("LINK_NOT_FOUND", 404);
    given().when(unlink(parent(), child({ registeredParentId: null }))).thenRefused("LINK_NOT_FOUND", 404);
  });

  it("the state says who the guardians are, the registered parent first while linked", () => {
    const { state } = given(linked("parent-2"), linked("parent-3"), unlinked("parent-3"));
    expect(guardianIdsOf(state, "parent-1")).toEqual(["parent-1", "parent-2"]);
    expect(isGuardian(state, "parent-1", "parent-3")).toBe(false);
    const after = given(linked("parent-2"), unlinked("parent-1")).state;
    expect(guardianIdsOf(after, "parent-1")).toEqual(["parent-2"]);
    expect(guardianIdsOf(given().state, null)).toEqual([]);
  });
});
