import { describe, expect, it } from "vitest";
import { COACH, PARENT, PARTICIPANT, roleFlags, type RoleFlags } from "./role-flags";

const NONE: RoleFlags = {
  isAdmin: false,
  isKiosk: false,
  isCoach: false,
  isParent: false,
  isParticipant: false,
  isOrganization: false,
  isGranter: false,
  isSuperadmin: false,
};

describe("roleFlags", () => {
  it.each([
    [1, PARTICIPANT, { isParticipant: true }],
    [1, PARENT, { isParent: true }],
    [1, "VOLUNTEER", {}],
    [2, COACH, { isCoach: true }],
    [2, "ASSISTANT", {}],
    [3, "ADMIN", { isAdmin: true }],
    [3, COACH, { isAdmin: true }],
    [4, "ORG", { isOrganization: true }],
    [5, "GRANTER", { isGranter: true }],
    [6, "ROOT", { isSuperadmin: true }],
    [7, "KIOSK", { isKiosk: true }],
    [7, PARTICIPANT, { isKiosk: true }],
  ] as const)("level %i named %s", (level, roleName, expected) => {
    expect(roleFlags({ level, roleName })).toEqual({ ...NONE, ...expected });
  });

  it("needs the exact special name", () => {
    expect(roleFlags({ level: 2, roleName: "Coach" }).isCoach).toBe(false);
    expect(roleFlags({ level: 2, roleName: PARENT }).isParent).toBe(false);
  });
});
