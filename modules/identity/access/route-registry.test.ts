import { describe, expect, it } from "vitest";
import { compilePattern } from "./path-pattern";
import { PAGE_ROUTES, matchPage, pageById } from "./route-registry";

describe("PAGE_ROUTES", () => {
  it("lists every route of the spec-1 route table and the sidebar paths", () => {
    const paths = PAGE_ROUTES.map((r) => r.path);
    const expected = [
      "/login", "/forgot-password", "/reset-password", "/sign-waiver/:id", "/view-waiver/:id", "/invite/:id",
      "/user/invite/:id", "/invitation/request", "/invitation/teacher/request", "/", "/customize", "/participants",
      "/students", "/user/parent", "/user/flagged", "/user/:roleId?", "/requests", "/granters", "/organization",
      "/role", "/resource", "/check-in", "/programs-events", "/points-rewards", "/challenges", "/survey",
      "/my-profile", "/waivers", "/inbox", "/store", "/communications", "/reports/:report?", "/help",
      "/unsubscribe/:id", "/404-page-not-found",
      "/requests/organization", "/program-builder", "/programs", "/program-registration", "/events", "/event-registration",
      // background exports' Downloads page (decision 014)
      "/exports",
      // a participant's page with the Notes tab (decision 017)
      "/participants/:id",
      // the auditor's replay of a participant's history (decision 021)
      "/participants/:id/audit",
      // a visit's printable name and claim tags (decision 036)
      "/check-in/tags/:checkInId",
      // the program and event report pages (decision 054)
      "/programs/report", "/programs/:id/report", "/events/:id/report",
      // the development mail outbox (decision 059)
      "/dev/mail", "/dev/mail/:id",
      // the public organization request form (decision 067)
      "/requests/organization/new",
      // API keys and webhooks (decision 080)
      "/integrations",
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
  });

  it("declares title, navigation, id and description for each page", () => {
    for (const page of PAGE_ROUTES) {
      expect(page.title, page.path).toMatch(/\S/);
      expect(page.description, page.path).toMatch(/\S/);
      expect(typeof page.showNavigation).toBe("boolean");
    }
    expect(pageById("not-found").title).toBe("404 - Page Not Found");
  });

  it("marks reset-password and view-waiver as skipping the screening prompts", () => {
    const skipping = PAGE_ROUTES.filter((r) => "skipsScreening" in r && r.skipsScreening).map((r) => r.id);
    expect(skipping.sort()).toEqual(["reset-password", "view-waiver"]);
  });
});

describe("matchPage", () => {
  it.each([
    ["/", "home", {}],
    ["/participants", "participants", {}],
    ["/participants/", "participants", {}],
    ["/participants/0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f", "participant", { id: "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f" }],
    ["/Participants?page=2", "participants", {}],
    ["/user/parent", "parents", {}],
    ["/user/flagged", "flagged-members", {}],
    ["/user/8f3a", "user-group", { roleId: "8f3a" }],
    ["/user", "user-group", {}],
    ["/user/invite/abc", "user-invite", { id: "abc" }],
    ["/sign-waiver/p-1?token=xyz", "sign-waiver", { id: "p-1" }],
    ["/view-waiver/a%20b", "view-waiver", { id: "a b" }],
    ["/requests/organization", "organization-requests", {}],
    ["/reports", "reports", {}],
    ["/reports/weekly-attendance", "reports", { report: "weekly-attendance" }],
    ["/invitation/teacher/request", "teacher-invitation-request", {}],
    ["/unsubscribe/abc.def", "unsubscribe", { id: "abc.def" }],
    ["/dev/mail", "dev-mail", {}],
    ["/dev/mail/12", "dev-mail-message", { id: "12" }],
  ])("%s -> %s", (pathname, id, params) => {
    const match = matchPage(pathname);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  it.each(["/nope", "/user/1/2", "/sign-waiver", "/sign-waiver/%E0%A4%A", "/invitation"])("%s is unknown", (pathname) => {
    expect(matchPage(pathname)).toBeUndefined();
  });
});

describe("compilePattern", () => {
  it("refuses malformed patterns", () => {
    expect(() => compilePattern("user")).toThrow();
    expect(() => compilePattern("/user/:id?/x")).toThrow();
    expect(() => compilePattern("/user/:")).toThrow();
  });
});
