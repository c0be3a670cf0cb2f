import { describe, expect, it } from "vitest";
import { activeItemKey, sidebarFor, unreadBadge, type SidebarEntry, type SidebarInput, type SidebarOrganization } from "./menu";
import { PERMISSIONS as P } from "./permissions";
import { ALL_FEATURES, SUBJECTS, user } from "./test-fixtures";
import type { AuthenticatedSubject } from "./types";

const OTHER: SidebarOrganization = {
  type: "other",
  name: "Northside Club",
  features: ALL_FEATURES,
  isMemberCheckInOrOut: true,
  supportEmail: "help@northside.example",
  reports: [
    { title: "Weekly Attendance", link: "https://dash.example/a" },
    { title: "", link: "" },
  ],
};
const SCHOOL: SidebarOrganization = { ...OTHER, type: "school", name: "Maple School" };
const GROUPS = [
  { id: "g-coach", name: "COACH", displayName: "Coaches" },
  { id: "g-vol", name: "VOLUNTEER", displayName: "Volunteers" },
  { id: "g-part", name: "PARTICIPANT", displayName: "Participants" },
];

function menu(subject: AuthenticatedSubject, organization = OTHER, extra: Partial<SidebarInput> = {}) {
  return sidebarFor({ subject, organization, userGroups: GROUPS, unreadCount: 3, ...extra });
}

/** Group labels followed by their item labels, in order. */
function labels(entries: readonly SidebarEntry[]): string[] {
  return entries.flatMap((e) => (e.kind === "group" ? [e.label, ...e.items.map((i) => i.label)] : [e.label]));
}

function group(entries: readonly SidebarEntry[], key: string) {
  const found = entries.find((e) => e.kind === "group" && e.key === key);
  return found?.kind === "group" ? found.items.map((i) => i.label) : undefined;
}

describe("sidebarFor", () => {
  it("gives the admin of an 'other' organization the full menu", () => {
    const model = menu(SUBJECTS.admin);
    expect(labels(model.entries)).toEqual([
      "Home",
      "Inbox",
      "Organization", "Resources", "Waivers", "User Groups", "Customize Scoreboard",
      "Requests", "Membership Requests",
      "Users", "Flagged Members", "Participants", "Parents", "Check Ins", "Coaches", "Volunteers",
      "Programs & Events", "Schedule", "Program Builder", "Programs", "Events",
      "Points & Rewards", "Points", "Store", "Surveys",
      "Reports", "Dashboards", "Weekly Attendance",
      "Help", "Get In Touch",
    ]);
    const inbox = model.entries[1];
    expect(inbox).toMatchObject({ kind: "item", path: "/inbox", badge: "3" });
    expect(model.header).toEqual({ organizationName: "Northside Club", logoAlt: "Northside Club Logo" });
    expect(model.checkInOutButton?.label).toBe("Check Users In/Out");
    expect(model.checkInOutButton?.tiles).toEqual(["Check In Users", "Check Out Users"]);
    expect(model.profileMenu.showMyProfile).toBe(true);
  });

  it("links user groups, reports and help", () => {
    const entries = menu(SUBJECTS.admin).entries;
    const items = entries.flatMap((e) => (e.kind === "group" ? e.items : [e]));
    expect(items.find((i) => i.label === "Volunteers")?.path).toBe("/user/g-vol");
    expect(items.find((i) => i.label === "Weekly Attendance")).toMatchObject({
      path: "/reports/weekly-attendance",
      dashboardUrl: "https://dash.example/a",
      activeKey: "reports",
    });
    expect(items.find((i) => i.key === "get-in-touch")?.supportEmail).toEqual({ address: "help@northside.example", subject: "Contact Support" });
    const noEmail = menu(SUBJECTS.admin, { ...OTHER, supportEmail: null }).entries;
    const help = noEmail.flatMap((e) => (e.kind === "group" ? e.items : [e])).find((i) => i.key === "get-in-touch");
    expect(help?.supportEmail).toBeUndefined();
    expect(help?.path).toBe("/help");
  });

  it("lists Resources for everyone signed in but a kiosk while the document feature is on, for no one while it is off (decision 101)", () => {
    expect(group(menu(SUBJECTS.participant).entries, "organization")).toEqual(["Resources"]);
    expect(group(menu(SUBJECTS.parent).entries, "organization")).toEqual(["Resources"]);
    expect(group(menu(SUBJECTS.coach).entries, "organization")).toEqual(["Resources"]);
    expect(group(menu(SUBJECTS.kiosk).entries, "organization")).toBeUndefined();
    const off = { ...OTHER, features: ALL_FEATURES.filter((f) => f !== "document") };
    expect(group(menu(SUBJECTS.admin, off).entries, "organization")).toEqual(["Waivers", "User Groups", "Customize Scoreboard"]);
    expect(group(menu(SUBJECTS.participant, off).entries, "organization")).toBeUndefined();
  });

  it("links the built-in dashboards without the report feature, and the configured reports only with it (decision 092)", () => {
    expect(group(menu(SUBJECTS.admin).entries, "reports")).toEqual(["Dashboards", "Weekly Attendance"]);
    expect(group(menu({ ...SUBJECTS.admin, features: ["program", "event"] }, { ...OTHER, features: ["program", "event"] }).entries, "reports")).toEqual(["Dashboards"]);
    expect(group(menu(SUBJECTS.coach).entries, "reports")).toBeUndefined();
  });

  it("shows higher levels their groups", () => {
    const entries = menu(SUBJECTS.superadmin).entries;
    expect(group(entries, "requests")).toEqual(["Membership Requests", "Organization Requests"]);
    expect(group(entries, "users")).toEqual(expect.arrayContaining(["Organizations", "Granters"]));
  });

  it("lists Granters once: the granters group has its own entry (issue 15)", () => {
    const entries = menu(SUBJECTS.superadmin, OTHER, { userGroups: [...GROUPS, { id: "g-granter", name: "GRANTER", displayName: "Granters" }] }).entries;
    expect(group(entries, "users")?.filter((label) => label === "Granters")).toEqual(["Granters"]);
  });

  it("gives a kiosk exactly Home, Check-in, Programs & Events, Schedule", () => {
    const model = menu(SUBJECTS.kiosk);
    expect(labels(model.entries)).toEqual(["Home", "Check-in", "Programs & Events", "Schedule"]);
    expect(model.checkInOutButton).toBeNull();
    expect(model.profileMenu.showMyProfile).toBe(false);
  });

  it("relabels for a school: Messages, CLASS, Students, Teachers, Communications", () => {
    const model = menu({ ...SUBJECTS.admin, organizationType: "school" }, SCHOOL, { unreadCount: 0 });
    const all = labels(model.entries);
    expect(all).toContain("Messages");
    expect(all).not.toContain("Inbox");
    expect(all).toContain("Communications");
    expect(group(model.entries, "users")).toEqual(["Flagged Members", "Students", "Parents", "Check Ins", "Teachers", "Volunteers"]);
    const users = model.entries.find((e) => e.kind === "group" && e.key === "users");
    expect(users?.label).toBe("CLASS");
    expect(model.entries[1]).toMatchObject({ label: "Messages", badge: "" });
    expect(model.checkInOutButton).toBeNull();
  });

  it("gives a parent no Users group, and registration items", () => {
    const entries = menu(SUBJECTS.parent).entries;
    expect(group(entries, "users")).toBeUndefined();
    expect(group(entries, "programs-events")).toEqual(["Schedule", "Program Registration", "Event Registration"]);
  });

  it("gives a participant no Parents entry even with CAN_MANAGE_PARENT", () => {
    const participant = user(1, "PARTICIPANT", [P.CAN_MANAGE_PARENT, P.CAN_VIEW_PARTICIPANT_LIST, P.CAN_VIEW_CHALLENGES]);
    const entries = menu(participant).entries;
    expect(labels(entries)).not.toContain("Parents");
    expect(group(entries, "challenges")).toEqual(["Surveys"]);
  });

  it("shows registration to a participant only with no parent or when allowed to enrol, programs before the cycle end", () => {
    const withParent = menu(SUBJECTS.participant, OTHER, { user: { hasParent: true, isEnrollmentAllowed: false } });
    expect(group(withParent.entries, "programs-events")).toEqual(["Schedule"]);
    const allowed = menu(SUBJECTS.participant, OTHER, { user: { hasParent: true, isEnrollmentAllowed: true } });
    expect(group(allowed.entries, "programs-events")).toEqual(["Schedule", "Program Registration", "Event Registration"]);
    const ended = menu(SUBJECTS.parent, { ...OTHER, programCycleEnd: "2024-06-30" }, { now: new Date("2024-07-01") });
    expect(group(ended.entries, "programs-events")).toEqual(["Schedule", "Event Registration"]);
    const featureOff = menu(SUBJECTS.parent, { ...OTHER, features: ["event"] });
    expect(group(featureOff.entries, "programs-events")).toEqual(["Schedule", "Event Registration"]);
  });

  it("hides coach-named groups without CAN_VIEW_COACH_LIST", () => {
    expect(group(menu(SUBJECTS.coach).entries, "users")).toEqual(["Flagged Members", "Participants", "Check Ins", "Volunteers"]);
  });

  it("shows the Check Users In/Out button only when every condition holds", () => {
    expect(menu(SUBJECTS.coach).checkInOutButton).not.toBeNull();
    expect(menu(SUBJECTS.coach, { ...OTHER, isMemberCheckInOrOut: false }).checkInOutButton).toBeNull();
    expect(menu({ ...SUBJECTS.coach, permissionIds: [P.CAN_VIEW_CHECK_IN_MEMBERS] }).checkInOutButton).toBeNull();
    expect(menu(user(1, "VOLUNTEER", [P.CAN_CHECK_IN_OUT_MEMBERS])).checkInOutButton).toBeNull();
  });
});

describe("unreadBadge", () => {
  it.each([
    [0, ""],
    [-2, ""],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("%i -> '%s'", (count, badge) => {
    expect(unreadBadge(count)).toBe(badge);
  });
});

describe("activeItemKey", () => {
  it("is the first path segment", () => {
    expect(activeItemKey("/")).toBe("home");
    expect(activeItemKey("/user/parent")).toBe("user");
    expect(activeItemKey("/reports/weekly?x=1")).toBe("reports");
    expect(activeItemKey("/Participants/")).toBe("participants");
  });
});
