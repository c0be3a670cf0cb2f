import { describe, expect, it } from "vitest";
import { DomainError, type RecordedEvent } from "../../kernel";
import { userDecider, type UserCommand, type UserState } from "./decide";
import type { UserEvent } from "./events";
import { WRONG_CURRENT_PASSWORD } from "./profile-decide";

const meta = { commandId: "c1", organizationId: "org-a", actorId: "u1" };
const registered: UserEvent = {
  type: "UserRegistered",
  data: { userId: "u1", organizationId: "org-a", username: "ada", email: "ada@x.demo", firstName: "Ada", lastName: "Lovelace", userGroupId: "g1", parentId: null, passwordHash: "hash-1" },
};
const given = (...events: UserEvent[]): UserState => events.reduce((s, e) => userDecider.evolve(s, e as RecordedEvent<UserEvent>), userDecider.initialState());
const decide = (state: UserState, command: Omit<UserCommand, "metadata">) => userDecider.decide(state, { ...command, metadata: meta } as UserCommand, new Date("2026-11-27T00:00:00Z"));
const edit = (state: UserState, fields: Partial<{ firstName: string; lastName: string; email: string; phoneNumber: string }>) =>
  decide(state, { type: "EditOwnProfile", data: { userId: "u1", firstName: "Ada", lastName: "Lovelace", email: "ada@x.demo", phoneNumber: "", ...fields } });

describe("editing one's own profile", () => {
  it("records nothing when nothing changed", () => {
    expect(edit(given(registered), {})).toEqual([]);
  });

  it("records a new name as UserProfileUpdated, and only that", () => {
    expect(edit(given(registered), { firstName: "Augusta" })).toEqual([
      { type: "UserProfileUpdated", data: { userId: "u1", firstName: "Augusta", lastName: "Lovelace", email: "ada@x.demo" } },
    ]);
  });

  it("records a new e-mail or phone number as UserContactUpdated, which the state then holds", () => {
    const events = edit(given(registered), { email: "ada@new.demo", phoneNumber: "+1 416 555 0100" }) as UserEvent[];
    expect(events).toEqual([{ type: "UserContactUpdated", data: { userId: "u1", email: "ada@new.demo", phoneNumber: "+1 416 555 0100" } }]);
    const after = given(registered, ...events);
    expect(after.status === "active" && [after.profile.email, after.phoneNumber]).toEqual(["ada@new.demo", "+1 416 555 0100"]);
    expect(edit(after, { email: "ada@new.demo", phoneNumber: "+1 416 555 0100" })).toEqual([]);
  });

  it("records both when the name and the contact details changed", () => {
    const events = edit(given(registered), { lastName: "King", phoneNumber: "416-555-0101" }) as UserEvent[];
    expect(events.map((e) => e.type)).toEqual(["UserProfileUpdated", "UserContactUpdated"]);
  });

  it("refuses an unknown user", () => {
    expect((edit(given(), {}) as DomainError).status).toBe(404);
  });
});

describe("changing one's own password", () => {
  const change = (state: UserState, checkedHash: string) => decide(state, { type: "ChangeOwnPassword", data: { userId: "u1", checkedHash, passwordHash: "hash-2" } });

  it("changes it when the current password was checked against the stream's hash", () => {
    expect(change(given(registered), "hash-1")).toEqual([{ type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "hash-2", reason: "changed" } }]);
  });

  it("refuses when the password changed since it was checked, on the current_password field", () => {
    const changed = given(registered, { type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "hash-3", reason: "reset" } });
    const result = change(changed, "hash-1") as DomainError;
    expect(result).toBeInstanceOf(DomainError);
    expect([result.code, result.status, result.message]).toEqual(["WRONG_CURRENT_PASSWORD", 400, WRONG_CURRENT_PASSWORD]);
    expect(result.details).toEqual({ fieldErrors: { current_password: [WRONG_CURRENT_PASSWORD] } });
  });

  it("spends outstanding reset links", () => {
    const withReset = given(registered, { type: "PasswordResetRequested", data: { userId: "u1", tokenHash: "t1", expiresAt: "2026-11-28T00:00:00Z" } });
    const events = change(withReset, "hash-1") as UserEvent[];
    const after = given(registered, { type: "PasswordResetRequested", data: { userId: "u1", tokenHash: "t1", expiresAt: "2026-11-28T00:00:00Z" } }, ...events);
    expect(after.status === "active" && after.resets.t1?.used).toBe(true);
  });
});

describe("notification preferences", () => {
  const set = (state: UserState, newsletters: boolean, programUpdates: boolean) =>
    decide(state, { type: "SetNotificationPreferences", data: { userId: "u1", newsletters, programUpdates } });

  it("starts with both on, so setting both on records nothing", () => {
    expect(set(given(registered), true, true)).toEqual([]);
  });

  it("records a change, and the state holds it", () => {
    const events = set(given(registered), false, true) as UserEvent[];
    expect(events).toEqual([{ type: "NotificationPreferencesChanged", data: { userId: "u1", newsletters: false, programUpdates: true } }]);
    const after = given(registered, ...events);
    expect(after.status === "active" && after.notifications).toEqual({ newsletters: false, programUpdates: true });
    expect(set(after, false, true)).toEqual([]);
    expect(set(after, true, true)).toHaveLength(1);
  });

  it("refuses an unknown user", () => {
    expect((set(given(), false, false) as DomainError).code).toBe("NOT_FOUND");
  });
});
