import { describe, expect, it } from "vitest";
import { LEVEL } from "../identity";
import { registrantOf } from "./access";

/** Who registers by themselves (decision 052), as the sidebar's mayRegister shows the pages. */
describe("registrantOf", () => {
  it("lets a parent register (their children), whether or not they have a parent themselves", () => {
    expect(registrantOf({ roleLevel: LEVEL.participant, roleName: "PARENT", parentId: null })).toBe("parent");
  });
  it("lets a participant with no parent register themself, and refuses one with a parent", () => {
    expect(registrantOf({ roleLevel: LEVEL.participant, roleName: "PARTICIPANT", parentId: null })).toBe("self");
    expect(registrantOf({ roleLevel: LEVEL.participant, roleName: "PARTICIPANT", parentId: "p1" })).toBeNull();
  });
  it("refuses staff, the kiosk and other level-1 groups", () => {
    expect(registrantOf({ roleLevel: LEVEL.coach, roleName: "COACH", parentId: null })).toBeNull();
    expect(registrantOf({ roleLevel: LEVEL.admin, roleName: "ADMIN", parentId: null })).toBeNull();
    expect(registrantOf({ roleLevel: LEVEL.kiosk, roleName: "KIOSK", parentId: null })).toBeNull();
    expect(registrantOf({ roleLevel: LEVEL.participant, roleName: "ALUMNI", parentId: null })).toBeNull();
  });
});
