import { describe, expect, it } from "vitest";
import { PERMISSIONS as P } from "../access/permissions";
import { defaultUserGroups } from "./defaults";

describe("default user groups: 'view audit history' (issue 5, decision 021)", () => {
  // the superadmin too since issue 15 (decision 037): it was refused the history an admin opens
  it.each(["school", "other"] as const)("is granted to the admin, organization and superadmin groups only (%s)", (type) => {
    const holders = defaultUserGroups(type)
      .filter((g) => g.permissionIds.includes(P.CAN_VIEW_AUDIT_HISTORY))
      .map((g) => g.key);
    expect(holders).toEqual(["admin", "organization", "superadmin"]);
  });

  it("leaves the admin group every other permission it had (not view-assigned-only)", () => {
    const admin = defaultUserGroups("other").find((g) => g.key === "admin")!;
    expect(admin.permissionIds).toContain(P.CAN_EXPORT_CHECK_IN_MEMBERS);
    expect(admin.permissionIds).not.toContain(P.CAN_VIEW_ASSIGNED_ONLY);
    expect(new Set(admin.permissionIds).size).toBe(admin.permissionIds.length);
  });
});
