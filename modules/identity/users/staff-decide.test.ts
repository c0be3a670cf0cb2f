import { describe, expect, it } from "vitest";
import { deciderSpec } from "../../../test/support/decider-spec";
import type { UserEvent } from "./events";
import { DEACTIVATED_REASON, staffUserDecider, type GroupFact, type StaffUserCommand } from "./staff-decide";
import { staffUserSchema, STATUS_REASON_REQUIRED, type StaffUserInput } from "./staff-schema";

const now = new Date("2026-11-27T09:00:00Z");
const given = deciderSpec(staffUserDecider, now);
const meta = { commandId: "c1", organizationId: "org-a", actorId: "admin-1" };
const groups: GroupFact[] = [
  { id: "g-participant", level: 1 },
  { id: "g-coach", level: 2 },
  { id: "g-admin", level: 3 },
  { id: "g-organization", level: 4 },
  { id: "g-kiosk", level: 7 },
];
const admin = { userId: "admin-1", level: 3 };
const input = (over: Partial<StaffUserInput> = {}): StaffUserInput => ({
  first_name: "Dana",
  last_name: "Coach",
  email: "Dana@Example.org",
  phone_number: "416 555 0101",
  user_group_id: "g-coach",
  status: "Active",
  ...over,
});
const create = (over: Partial<StaffUserInput> = {}, actor = admin): StaffUserCommand => ({ type: "CreateStaffUser", data: { userId: "u1", input: input(over), actor, groups }, metadata: meta });
const edit = (over: Partial<StaffUserInput> = {}, actor = admin, userId = "u1"): StaffUserCommand => ({ type: "EditStaffUser", data: { userId, input: input(over), actor, groups }, metadata: meta });
const created = (over: Partial<Extract<UserEvent, { type: "StaffUserCreated" }>["data"]> = {}): UserEvent => ({
  type: "StaffUserCreated",
  data: {
    userId: "u1",
    organizationId: "org-a",
    username: "dana@example.org",
    email: "dana@example.org",
    firstName: "Dana",
    lastName: "Coach",
    userGroupId: "g-coach",
    parentId: null,
    phoneNumber: "416 555 0101",
    status: "Active",
    statusReason: null,
    invitationStatus: "Pending",
    ...over,
  },
});

describe("staff user decisions (decision 061)", () => {
  it("creates a staff user with no password, invitation Pending, the e-mail lower-cased as the username", () => {
    given().when(create()).then([created()]);
  });

  it("creates in a group at the actor's own level, refuses one above it (403), a participant group (400) and an unknown group (404)", () => {
    given().when(create({ user_group_id: "g-admin" })).then([created({ userGroupId: "g-admin" })]);
    given().when(create({ user_group_id: "g-organization" })).thenRefused("ABOVE_OWN_LEVEL", 403);
    given().when(create({ user_group_id: "g-kiosk" })).thenRefused("ABOVE_OWN_LEVEL", 403);
    given().when(create({ user_group_id: "g-participant" })).thenRefused("VALIDATION", 400);
    given().when(create({ user_group_id: "g-elsewhere" })).thenRefused("USER_GROUP_NOT_FOUND", 404);
    given().when(create({}, { userId: "coach-1", level: 2 })).then([created()]);
    given().when(create({ user_group_id: "g-admin" }, { userId: "coach-1", level: 2 })).thenRefused("ABOVE_OWN_LEVEL", 403);
  });

  it("creates a parent account in the organization's parent group only (decision 064)", () => {
    const parent = (groupId: string, parentGroupId: string | null = "g-parent"): StaffUserCommand => ({
      type: "CreateParentUser",
      data: { userId: "u1", input: input({ user_group_id: groupId }), actor: admin, groups: [...groups, { id: "g-parent", level: 1 }], parentGroupId },
      metadata: meta,
    });
    given().when(parent("g-parent")).then([created({ userGroupId: "g-parent" })]);
    given().when(parent("g-coach")).thenRefused("USER_GROUP_NOT_FOUND", 404);
    given().when(parent("g-parent", null)).thenRefused("USER_GROUP_NOT_FOUND", 404);
    given(created({ userGroupId: "g-parent" })).when(parent("g-parent")).thenRefused("CONFLICT", 409);
  });

  it("creates a participant's own account in the organization's participant group only (decision 068)", () => {
    const participant = (groupId: string, participantGroupId: string | null = "g-participant"): StaffUserCommand => ({
      type: "CreateParticipantUser",
      data: { userId: "u1", input: input({ user_group_id: groupId }), actor: admin, groups, participantGroupId },
      metadata: meta,
    });
    given().when(participant("g-participant")).then([created({ userGroupId: "g-participant" })]);
    given().when(participant("g-coach")).thenRefused("USER_GROUP_NOT_FOUND", 404);
    given().when(participant("g-participant", null)).thenRefused("USER_GROUP_NOT_FOUND", 404);
    given(created({ userGroupId: "g-participant" })).when(participant("g-participant")).thenRefused("CONFLICT", 409);
  });

  it("needs a reason for Inactive and Alumni, and drops it for Active", () => {
    given().when(create({ status: "Alumni" })).thenRefused("VALIDATION", 400, STATUS_REASON_REQUIRED);
    given().when(create({ status: "Inactive", status_reason: "  " })).thenRefused("VALIDATION", 400);
    given().when(create({ status: "Alumni", status_reason: "Moved to Calgary" })).then([created({ status: "Alumni", statusReason: "Moved to Calgary" })]);
    given().when(create({ status: "Active", status_reason: "ignored" })).then([created()]);
  });

  it("the form's schema says the same, on the reason's field", () => {
    const parsed = staffUserSchema.safeParse({ ...input({ status: "Inactive" }), status_reason: undefined });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["status_reason"], message: STATUS_REASON_REQUIRED });
    expect(staffUserSchema.safeParse(input({ email: "not-an-email" })).success).toBe(false);
    expect(staffUserSchema.safeParse(input({ phone_number: "call me" })).success).toBe(false);
  });

  it("edits details, moves the group and changes the status as separate facts, only what changed", () => {
    given(created())
      .when(edit({ first_name: "Danielle", user_group_id: "g-admin", status: "Inactive", status_reason: "On leave" }))
      .then([
        { type: "StaffUserEdited", data: { userId: "u1", firstName: "Danielle", lastName: "Coach", email: "dana@example.org", phoneNumber: "416 555 0101" } },
        { type: "UserGroupChanged", data: { userId: "u1", userGroupId: "g-admin", previousUserGroupId: "g-coach" } },
        { type: "UserStatusChanged", data: { userId: "u1", status: "Inactive", reason: "On leave" } },
      ]);
    given(created()).when(edit()).then([]);
  });

  it("refuses to move a user above the actor's level, or to change a user above it", () => {
    given(created()).when(edit({ user_group_id: "g-organization" })).thenRefused("ABOVE_OWN_LEVEL", 403);
    given(created({ userGroupId: "g-organization" })).when(edit({ user_group_id: "g-organization" })).thenRefused("ABOVE_OWN_LEVEL", 403);
    given(created({ userGroupId: "g-admin" })).when(edit({ user_group_id: "g-admin" }, { userId: "coach-1", level: 2 })).thenRefused("ABOVE_OWN_LEVEL", 403);
  });

  it("answers another organization's user, or none, as not found, and a participant as not staff", () => {
    given(created({ organizationId: "org-b" })).when(edit()).thenRefused("USER_NOT_FOUND", 404);
    given().when(edit()).thenRefused("USER_NOT_FOUND", 404);
    given(created({ userGroupId: "g-participant" })).when(edit({ user_group_id: "g-participant" })).thenRefused("NOT_STAFF_USER", 400);
  });

  it("nobody changes their own group or status; their own name is fine", () => {
    const self = { userId: "u1", level: 3 };
    given(created({ userGroupId: "g-admin" })).when(edit({ user_group_id: "g-coach" }, self)).thenRefused("OWN_ACCOUNT", 409);
    given(created({ userGroupId: "g-admin" })).when(edit({ user_group_id: "g-admin", status: "Inactive", status_reason: "x" }, self)).thenRefused("OWN_ACCOUNT", 409);
    given(created({ userGroupId: "g-admin" }))
      .when(edit({ user_group_id: "g-admin", last_name: "Admin" }, self))
      .then([{ type: "StaffUserEdited", data: { userId: "u1", firstName: "Dana", lastName: "Admin", email: "dana@example.org", phoneNumber: "416 555 0101" } }]);
  });

  it("deactivates (DELETE) as Inactive with the reason 'Deactivated', once", () => {
    const deactivate: StaffUserCommand = { type: "DeactivateStaffUser", data: { userId: "u1", actor: admin, groups }, metadata: meta };
    given(created()).when(deactivate).then([{ type: "UserStatusChanged", data: { userId: "u1", status: "Inactive", reason: DEACTIVATED_REASON } }]);
    given(created(), { type: "UserStatusChanged", data: { userId: "u1", status: "Inactive", reason: "x" } }).when(deactivate).then([]);
    given(created({ userGroupId: "g-organization" })).when(deactivate).thenRefused("ABOVE_OWN_LEVEL", 403);
    given(created({ userGroupId: "g-admin", userId: "admin-1" })).when({ ...deactivate, data: { ...deactivate.data, userId: "admin-1" } }).thenRefused("OWN_ACCOUNT", 409);
  });
});
