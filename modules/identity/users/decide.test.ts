import { describe, expect, it } from "vitest";
import { DomainError, type RecordedEvent } from "../../kernel";
import { RESET_TOKEN_INVALID, userDecider, type UserState } from "./decide";
import type { UserEvent } from "./events";

const meta = { commandId: "c1", organizationId: "org-a", actorId: null };
const registered: UserEvent = {
  type: "UserRegistered",
  data: { userId: "u1", organizationId: "org-a", username: "a@x.demo", email: "a@x.demo", firstName: "A", lastName: "B", userGroupId: "g1", parentId: null, passwordHash: "old" },
};
const requested = (tokenHash: string, expiresAt: string): UserEvent => ({ type: "PasswordResetRequested", data: { userId: "u1", tokenHash, expiresAt } });
const given = (...events: UserEvent[]): UserState => events.reduce((s, e) => userDecider.evolve(s, e as RecordedEvent<UserEvent>), userDecider.initialState());
const reset = (state: UserState, tokenHash: string, now: string) =>
  userDecider.decide(state, { type: "ResetPassword", data: { userId: "u1", tokenHash, passwordHash: "new" }, metadata: meta }, new Date(now));

describe("password reset decisions", () => {
  it("changes the password with a live token", () => {
    const result = reset(given(registered, requested("h1", "2026-11-21T10:00:00Z")), "h1", "2026-11-21T09:30:00Z");
    expect(result).toEqual([{ type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "new", reason: "reset" } }]);
  });

  it("refuses an expired, unknown or used token", () => {
    const state = given(registered, requested("h1", "2026-11-21T10:00:00Z"));
    for (const [token, at] of [["h1", "2026-11-21T10:00:00Z"], ["h2", "2026-11-21T09:00:00Z"]] as const) {
      const result = reset(state, token, at);
      expect(result).toBeInstanceOf(DomainError);
      expect((result as DomainError).message).toBe(RESET_TOKEN_INVALID);
    }
    const used = given(registered, requested("h1", "2026-11-21T10:00:00Z"), { type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "new", reason: "reset" } });
    expect((reset(used, "h1", "2026-11-21T09:30:00Z") as DomainError).code).toBe("RESET_TOKEN_INVALID");
  });

  it("refuses a second registration", () => {
    const result = userDecider.decide(given(registered), { type: "RegisterUser", data: registered.data, metadata: meta }, new Date());
    expect((result as DomainError).status).toBe(409);
  });
});
