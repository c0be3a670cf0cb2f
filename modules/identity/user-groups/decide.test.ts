import { describe, expect, it } from "vitest";
import { DomainError, type RecordedEvent } from "../../kernel";
import { userGroupDecider, type UserGroupCommand, type UserGroupState } from "./decide";
import type { UserGroupEvent, UserGroupFields } from "./events";
import { DEFAULT_SCHEME } from "./schema";

const now = new Date("2026-11-21T09:00:00Z");
const meta = { commandId: "c1", organizationId: "org-a", actorId: "u1" };
const fields = (over: Partial<UserGroupFields> = {}): UserGroupFields => ({
  name: "Volunteers",
  displayName: "Volunteers",
  level: 2,
  icon: "Volunteers",
  scheme: DEFAULT_SCHEME,
  permissionIds: ["CAN_VIEW_SCHEDULE"],
  ...over,
});
const admin = { level: 3 as const, organizationId: "org-a" };

const given = (...events: UserGroupEvent[]): UserGroupState =>
  events.reduce((s, e) => userGroupDecider.evolve(s, e as RecordedEvent<UserGroupEvent>), userGroupDecider.initialState());
const when = (state: UserGroupState, command: UserGroupCommand) => userGroupDecider.decide(state, command, now);
const created = (over: Partial<UserGroupFields> = {}): UserGroupEvent => ({ type: "UserGroupCreated", data: { ...fields(over), userGroupId: "g1", organizationId: "org-a" } });

describe("user group decisions", () => {
  it("creates a group at or below the actor's level", () => {
    const result = when(given(), { type: "CreateUserGroup", data: { ...fields(), userGroupId: "g1", organizationId: "org-a", actor: admin }, metadata: meta });
    expect(result).toEqual([created()]);
  });

  it("refuses a group above the actor's level, and kiosk groups below organization level", () => {
    for (const level of [4, 7] as const) {
      const result = when(given(), { type: "CreateUserGroup", data: { ...fields({ level }), userGroupId: "g1", organizationId: "org-a", actor: admin }, metadata: meta });
      expect(result).toBeInstanceOf(DomainError);
      expect((result as DomainError).status).toBe(403);
    }
  });

  it("answers another organization's group as not found", () => {
    const result = when(given(created()), { type: "UpdateUserGroup", data: { ...fields(), userGroupId: "g1", actor: { level: 3, organizationId: "org-b" } }, metadata: meta });
    expect((result as DomainError).status).toBe(404);
  });

  it("keeps the special groups' names and refuses to delete them", () => {
    const state = given(created({ name: "PARTICIPANT", level: 1 }));
    const rename = when(state, { type: "UpdateUserGroup", data: { ...fields({ name: "KIDS", level: 1 }), userGroupId: "g1", actor: admin }, metadata: meta });
    expect((rename as DomainError).code).toBe("PROTECTED_GROUP");
    const remove = when(state, { type: "DeleteUserGroup", data: { userGroupId: "g1", actor: admin, memberCount: 0 }, metadata: meta });
    expect((remove as DomainError).code).toBe("PROTECTED_GROUP");
  });

  it("refuses to delete a group that still has members, and deletes an empty one", () => {
    const state = given(created());
    expect((when(state, { type: "DeleteUserGroup", data: { userGroupId: "g1", actor: admin, memberCount: 2 }, metadata: meta }) as DomainError).code).toBe("GROUP_HAS_MEMBERS");
    expect(when(state, { type: "DeleteUserGroup", data: { userGroupId: "g1", actor: admin, memberCount: 0 }, metadata: meta })).toEqual([
      { type: "UserGroupDeleted", data: { userGroupId: "g1" } },
    ]);
  });

  it("treats a deleted group as gone", () => {
    const state = given(created(), { type: "UserGroupDeleted", data: { userGroupId: "g1" } });
    const result = when(state, { type: "UpdateUserGroup", data: { ...fields(), userGroupId: "g1", actor: admin }, metadata: meta });
    expect((result as DomainError).status).toBe(404);
  });
});
