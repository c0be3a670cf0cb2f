import { describe, expect, it } from "vitest";
import { ALL_PERMISSION_IDS, KIOSK_PERMISSIONS, PERMISSIONS, PERMISSION_LABELS, isPermissionId } from "./permissions";

describe("permission ids", () => {
  it("has the 33 ids of spec-1 section 6 and 'view audit history' (issue 5), each valued by its own name", () => {
    expect(ALL_PERMISSION_IDS).toHaveLength(34);
    expect(PERMISSIONS.CAN_VIEW_AUDIT_HISTORY).toBe("CAN_VIEW_AUDIT_HISTORY");
    expect(PERMISSION_LABELS.CAN_VIEW_AUDIT_HISTORY).toBe("View audit history");
    for (const [name, value] of Object.entries(PERMISSIONS)) expect(value).toBe(name);
    expect(PERMISSIONS.CAN_SIGN_WAIVER_FOR_PARTICIPANT).toBe("CAN_SIGN_WAIVER_FOR_PARTICIPANT");
  });

  it("labels every id for the role form", () => {
    for (const id of ALL_PERMISSION_IDS) expect(PERMISSION_LABELS[id]).toMatch(/\S/);
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...ALL_PERMISSION_IDS].sort());
  });

  it("gives a kiosk view schedule, view participant list, view check-in members and check in/out", () => {
    expect([...KIOSK_PERMISSIONS].sort()).toEqual(
      ["CAN_CHECK_IN_OUT_MEMBERS", "CAN_VIEW_CHECK_IN_MEMBERS", "CAN_VIEW_PARTICIPANT_LIST", "CAN_VIEW_SCHEDULE"],
    );
  });

  it("recognises ids", () => {
    expect(isPermissionId("CAN_MANAGE_PARENT")).toBe(true);
    expect(isPermissionId("CAN_FLY")).toBe(false);
  });
});
