import { describe, expect, it } from "vitest";
import { activeItemKeys, LEVEL, sidebarFor, type AuthenticatedSubject, type SidebarEntry } from "#modules/identity";
import { documentTitle } from "./document-title";
import { pageMetaFor } from "./shell.server";

const admin: AuthenticatedSubject = {
  authenticated: true,
  level: LEVEL.admin,
  roleName: "ADMIN",
  permissionIds: ["CAN_VIEW_PARTICIPANT_LIST", "CAN_CHECK_IN_OUT_MEMBERS", "CAN_VIEW_CHECK_IN_MEMBERS", "CAN_VIEW_INBOX", "CAN_VIEW_SCHEDULE"],
  organizationType: "other",
  features: [],
} as AuthenticatedSubject;

const entries: readonly SidebarEntry[] = sidebarFor({
  subject: admin,
  organization: { type: "other", name: "Northside", features: [], isMemberCheckInOrOut: true },
  userGroups: [
    { id: "g-coach", name: "COACH", displayName: "Coaches" },
    { id: "g-admin", name: "ADMIN", displayName: "Admins" },
  ],
  unreadCount: 0,
}).entries;

describe("activeItemKeys", () => {
  it("highlights Home on /", () => {
    expect(activeItemKeys(entries, "/")).toEqual(["home"]);
  });

  it("narrows a shared first segment to the item with this exact path", () => {
    expect(activeItemKeys(entries, "/user/flagged")).toEqual(["flagged-members"]);
    expect(activeItemKeys(entries, "/user/g-admin")).toEqual(["user-group-g-admin"]);
    expect(activeItemKeys(entries, "/check-in/")).toEqual(["check-ins"]);
  });

  it("falls back to every item of the first segment for a deeper path", () => {
    const keys = activeItemKeys(entries, "/user/some-other-id");
    expect(keys).toContain("flagged-members");
    expect(keys).toContain("user-group-g-admin");
  });

  it("highlights nothing for a path outside the menu", () => {
    expect(activeItemKeys(entries, "/health")).toEqual([]);
  });
});

describe("page meta and document title", () => {
  it("reads the title and navigation from the registry", () => {
    expect(pageMetaFor("/login")).toEqual({ title: "Login", showNavigation: false });
    expect(pageMetaFor("/")).toEqual({ title: "Home", showNavigation: true });
    expect(pageMetaFor("/no-such-page")).toBeNull();
  });

  it("puts the organization name first when signed in", () => {
    const page = { title: "User Groups" };
    expect(documentTitle({ page, shell: { organization: { name: "Northside Youth Centre" } } })).toBe("Northside Youth Centre | User Groups");
    expect(documentTitle({ page, shell: null })).toBe("User Groups");
    expect(documentTitle({ page: null, shell: null })).toBe("Rollcall");
    expect(documentTitle(undefined)).toBe("Rollcall");
  });
});
