import { describe, expect, it } from "vitest";
import { decideAccess, effectivePermissions, levelPasses } from "./engine";
import { PERMISSIONS as P } from "./permissions";
import { ANONYMOUS, SUBJECTS, user } from "./test-fixtures";
import type { AccessDecision, AccessRule } from "./types";

const { participant, coach, admin, kiosk } = SUBJECTS;

function refusal(decision: AccessDecision): { reason: string; check: string } {
  if (decision.allowed) throw new Error("expected a refusal");
  return { reason: decision.reason, check: decision.detail.split(":")[0] ?? "" };
}

describe("decideAccess: auth", () => {
  it("required refuses an anonymous visitor and lets a signed-in user in", () => {
    expect(refusal(decideAccess({ auth: "required" }, ANONYMOUS))).toEqual({ reason: "unauthenticated", check: "auth" });
    expect(decideAccess({ auth: "required" }, participant)).toEqual({ allowed: true });
  });

  it("none lets an anonymous visitor in and sends a signed-in user away", () => {
    expect(decideAccess({ auth: "none" }, ANONYMOUS)).toEqual({ allowed: true });
    expect(refusal(decideAccess({ auth: "none" }, admin))).toEqual({ reason: "authenticated-on-public-page", check: "auth" });
    expect(refusal(decideAccess({ auth: "none" }, kiosk)).reason).toBe("authenticated-on-public-page");
  });

  it("optional passes both", () => {
    expect(decideAccess({ auth: "optional" }, ANONYMOUS).allowed).toBe(true);
    expect(decideAccess({ auth: "optional" }, participant).allowed).toBe(true);
  });

  it("an anonymous visitor cannot satisfy level or permission checks", () => {
    const rule: AccessRule = { auth: "optional", anyPermission: [P.CAN_VIEW_REPORTS] };
    expect(refusal(decideAccess(rule, ANONYMOUS))).toEqual({ reason: "unauthenticated", check: "anyPermission" });
    expect(refusal(decideAccess({ auth: "optional", level: { up: [1] } }, ANONYMOUS)).check).toBe("level");
  });
});

describe("decideAccess: kiosk", () => {
  it("passes only where kioskAllowed", () => {
    expect(refusal(decideAccess({ auth: "required" }, kiosk))).toEqual({ reason: "forbidden", check: "kiosk" });
    expect(refusal(decideAccess({ auth: "optional" }, kiosk)).check).toBe("kiosk");
    expect(decideAccess({ auth: "required", kioskAllowed: true }, kiosk).allowed).toBe(true);
  });

  it("is not held to level bounds, which describe levels 1-6", () => {
    const rule: AccessRule = { auth: "required", level: { equal: [1] }, kioskAllowed: true };
    expect(decideAccess(rule, kiosk).allowed).toBe(true);
    expect(decideAccess({ auth: "required", level: { up: [3] } }, kiosk).allowed).toBe(false);
  });

  it("still needs the permissions, capped to the kiosk permissions", () => {
    const reports: AccessRule = { auth: "required", anyPermission: [P.CAN_VIEW_REPORTS], kioskAllowed: true };
    const greedyKiosk = user(7, "KIOSK", [P.CAN_VIEW_REPORTS, P.CAN_VIEW_SCHEDULE]);
    expect(refusal(decideAccess(reports, greedyKiosk)).check).toBe("anyPermission");
    expect(effectivePermissions(greedyKiosk)).toEqual([P.CAN_VIEW_SCHEDULE]);
    const schedule: AccessRule = { auth: "required", anyPermission: [P.CAN_VIEW_SCHEDULE], kioskAllowed: true };
    expect(decideAccess(schedule, kiosk).allowed).toBe(true);
    expect(decideAccess(schedule, user(7, "KIOSK", [])).allowed).toBe(false);
  });
});

describe("decideAccess: level", () => {
  it("up, equal and down bounds", () => {
    expect(levelPasses(3, { up: [3] })).toBe(true);
    expect(levelPasses(2, { up: [3] })).toBe(false);
    expect(levelPasses(1, { equal: [1] })).toBe(true);
    expect(levelPasses(2, { equal: [1, 3] })).toBe(false);
    expect(levelPasses(2, { down: [2] })).toBe(true);
    expect(levelPasses(3, { down: [2] })).toBe(false);
    expect(levelPasses(5, { equal: [1], up: [5] })).toBe(true);
    expect(levelPasses(4, {})).toBe(true);
    expect(levelPasses(4, { up: [], equal: [] })).toBe(true);
  });

  it("refuses with a level detail", () => {
    const decision = decideAccess({ auth: "required", level: { up: [3] } }, coach);
    expect(decision).toEqual({ allowed: false, reason: "forbidden", detail: "level: level 2 is outside the bounds up [3]" });
  });
});

describe("decideAccess: permissions", () => {
  it("anyPermission needs one of them", () => {
    const rule: AccessRule = { auth: "required", anyPermission: [P.CAN_MANAGE_PARENT, P.CAN_VIEW_PARTICIPANT_LIST] };
    expect(decideAccess(rule, coach).allowed).toBe(true);
    expect(refusal(decideAccess(rule, participant))).toEqual({ reason: "forbidden", check: "anyPermission" });
    expect(decideAccess({ auth: "required", anyPermission: [] }, participant).allowed).toBe(true);
  });

  it("allPermissions needs every one and names the missing", () => {
    const rule: AccessRule = { auth: "required", allPermissions: [P.CAN_VIEW_PARTICIPANT_LIST, P.CAN_MANAGE_PARENT] };
    expect(decideAccess(rule, admin).allowed).toBe(true);
    expect(decideAccess(rule, coach)).toEqual({
      allowed: false,
      reason: "forbidden",
      detail: "allPermissions: missing CAN_MANAGE_PARENT",
    });
  });
});

describe("decideAccess: organization", () => {
  it("features must all be on", () => {
    const rule: AccessRule = { auth: "required", features: ["report", "communication"] };
    expect(decideAccess(rule, admin).allowed).toBe(true);
    const reportOff = { ...admin, features: ["communication" as const] };
    expect(refusal(decideAccess(rule, reportOff)).check).toBe("features");
  });

  it("organizationTypes lets only the listed types in", () => {
    const rule: AccessRule = { auth: "required", organizationTypes: ["school"] };
    expect(refusal(decideAccess(rule, admin)).check).toBe("organizationTypes");
    expect(decideAccess(rule, { ...admin, organizationType: "school" }).allowed).toBe(true);
  });

  it("exclusiveOrganizationTypes keeps the listed types out", () => {
    const rule: AccessRule = { auth: "required", exclusiveOrganizationTypes: ["school"] };
    expect(decideAccess(rule, admin).allowed).toBe(true);
    expect(refusal(decideAccess(rule, { ...admin, organizationType: "school" })).check).toBe("exclusiveOrganizationTypes");
  });

  it("applies to an anonymous visitor through the organization being looked at", () => {
    const rule: AccessRule = { auth: "none", organizationTypes: ["school"] };
    expect(decideAccess(rule, { authenticated: false, organizationType: "school" }).allowed).toBe(true);
    expect(refusal(decideAccess(rule, { authenticated: false, organizationType: "other" })).check).toBe("organizationTypes");
    expect(refusal(decideAccess(rule, ANONYMOUS)).check).toBe("organizationTypes");
    expect(refusal(decideAccess({ auth: "optional", features: ["event"] }, ANONYMOUS)).check).toBe("features");
  });
});

describe("decideAccess: order", () => {
  it("reports the first failing check", () => {
    const rule: AccessRule = {
      auth: "required",
      level: { up: [3] },
      anyPermission: [P.CAN_MANAGE_PARENT],
      features: ["report"],
      organizationTypes: ["school"],
    };
    expect(refusal(decideAccess(rule, participant)).check).toBe("level");
    expect(refusal(decideAccess(rule, { ...admin, permissionIds: [] })).check).toBe("anyPermission");
    expect(refusal(decideAccess(rule, { ...admin, features: [] })).check).toBe("features");
    expect(refusal(decideAccess(rule, admin)).check).toBe("organizationTypes");
  });
});
