import { decideAccess } from "./engine";
import { firstSegment } from "./path-pattern";
import { PERMISSIONS as P } from "./permissions";
import { COACH, GRANTER, PARENT, PARTICIPANT, roleFlags, type RoleFlags } from "./role-flags";
import { pageById, type PageId } from "./route-registry";
import { LEVELS, OPTIONAL } from "./rules";
import { LEVEL, type AccessRule, type AuthenticatedSubject, type FeatureKey, type OrganizationType } from "./types";

/** The sidebar model (spec-1 section 2 "Sidebar menu" and section 6 "Menu rules"). Pure: no I/O, no clock. */

export type SidebarOrganization = {
  type: OrganizationType;
  name: string;
  features: readonly FeatureKey[];
  /** the organization setting is_member_check_in_or_out */
  isMemberCheckInOrOut: boolean;
  supportEmail?: string | null;
  /** the left-sidebar logo's alt text; default '{name} Logo' */
  logoAlt?: string | null;
  /** the report feature's nav entries (title and dashboard link) */
  reports?: readonly { title: string; link: string }[];
  /** the program feature's program_cycle_end; Programs registration shows only before it (when `now` is given) */
  programCycleEnd?: Date | string | null;
};

export type SidebarUserGroup = { id: string; name: string; displayName?: string | null };

export type SidebarInput = {
  /** the signed-in user; the organization given here is the one its rules are checked against */
  subject: AuthenticatedSubject;
  organization: SidebarOrganization;
  /** the sidebar role list (GET /user/role with the sidebar and kiosk filters), in its order */
  userGroups: readonly SidebarUserGroup[];
  /** unread inbox messages */
  unreadCount: number;
  /** the signed-in user's parent and is_enrollment_allowed, for the registration items */
  user?: { hasParent?: boolean; isEnrollmentAllowed?: boolean };
  now?: Date;
};

export type SidebarItem = {
  /** unique within the menu */
  key: string;
  label: string;
  path: string;
  /** the item is highlighted when activeItemKey(pathname) equals this */
  activeKey: string;
  /** the unread badge text (Inbox), '' when none */
  badge?: string;
  /** a report's dashboard link */
  dashboardUrl?: string;
  /** Get In Touch: open the support-email dialog instead of following `path` */
  supportEmail?: { address: string; subject: string };
};

export type SidebarGroup = { kind: "group"; key: string; label: string; items: readonly SidebarItem[] };
export type SidebarEntry = ({ kind: "item" } & SidebarItem) | SidebarGroup;

export type SidebarModel = {
  header: { organizationName: string; logoAlt: string };
  entries: readonly SidebarEntry[];
  /** the 'Check Users In/Out' button at the bottom, or null when the rules hide it */
  checkInOutButton: { label: string; dialogTitle: string; tiles: readonly [string, string] } | null;
  profileMenu: { showMyProfile: boolean; logOutLabel: string };
};

export const SUPPORT_MAIL_SUBJECT = "Contact Support";
const CHECK_IN_OUT_BUTTON = {
  label: "Check Users In/Out",
  dialogTitle: "What Would You Like To Do?",
  tiles: ["Check In Users", "Check Out Users"],
} as const;

/** '' for no unread messages, the count up to 9, '9+' above. */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count < 1) return "";
  return count > 9 ? "9+" : String(Math.floor(count));
}

/** The key of the highlighted item: the first path segment ('home' for '/'). */
export function activeItemKey(pathname: string): string {
  return firstSegment(pathname) || "home";
}

/**
 * The items highlighted for a path: those whose first path segment is the path's (spec-1: 'by the
 * first path segment'), narrowed to the item whose path is exactly this one when there is such an item
 * (so /user/flagged lights Flagged Members, not every /user/... entry). See decision 006.
 */
export function activeItemKeys(entries: readonly SidebarEntry[], pathname: string): string[] {
  const items = entries.flatMap((entry) => (entry.kind === "group" ? entry.items : [entry]));
  const key = activeItemKey(pathname);
  const bySegment = items.filter((item) => item.activeKey === key);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact = bySegment.filter((item) => item.path === path);
  return (exact.length > 0 ? exact : bySegment).map((item) => item.key);
}

export function sidebarFor(input: SidebarInput): SidebarModel {
  const { organization } = input;
  const subject: AuthenticatedSubject = {
    ...input.subject,
    organizationType: organization.type,
    features: organization.features,
  };
  const flags = roleFlags(subject);
  const ctx: Ctx = { input, subject, flags, school: organization.type === "school" };
  const entries = flags.isKiosk ? kioskEntries(ctx) : memberEntries(ctx);
  return {
    header: { organizationName: organization.name, logoAlt: organization.logoAlt || `${organization.name} Logo` },
    entries,
    checkInOutButton: showCheckInOutButton(ctx) ? CHECK_IN_OUT_BUTTON : null,
    profileMenu: { showMyProfile: allowed(ctx, pageById("my-profile").rule), logOutLabel: "Log Out of Account" },
  };
}

type Ctx = { input: SidebarInput; subject: AuthenticatedSubject; flags: RoleFlags; school: boolean };
type Candidate = SidebarItem & { rule: AccessRule };

function allowed(ctx: Ctx, rule: AccessRule): boolean {
  return decideAccess(rule, ctx.subject).allowed;
}

function candidate(key: string, label: string, path: string, rule: AccessRule, extra?: Partial<SidebarItem>): Candidate {
  return { key, label, path, activeKey: activeItemKey(path), rule, ...extra };
}

function page(id: PageId, key: string, label: string, extra?: Partial<SidebarItem>): Candidate {
  const route = pageById(id);
  return candidate(key, label, route.path, route.rule, extra);
}

function visible(ctx: Ctx, candidates: readonly (Candidate | false | undefined)[]): SidebarItem[] {
  return candidates
    .filter((c): c is Candidate => c !== false && c !== undefined)
    .filter((c) => allowed(ctx, c.rule))
    .map(({ rule: _rule, ...item }) => item);
}

function single(ctx: Ctx, c: Candidate): SidebarEntry[] {
  return visible(ctx, [c]).map((item) => ({ kind: "item", ...item }));
}

function group(ctx: Ctx, key: string, label: string, candidates: readonly (Candidate | false | undefined)[]): SidebarEntry[] {
  const items = visible(ctx, candidates);
  return items.length > 0 ? [{ kind: "group", key, label, items }] : [];
}

const SCHEDULE_RULE: AccessRule = { auth: "required", anyPermission: [P.CAN_VIEW_SCHEDULE], kioskAllowed: true };

/** A kiosk sees only Home, Check-in, Programs & Events and Schedule. */
function kioskEntries(ctx: Ctx): SidebarEntry[] {
  return [
    ...single(ctx, page("home", "home", "Home")),
    ...single(ctx, page("check-in", "check-in", "Check-in")),
    ...group(ctx, "programs-events", "Programs & Events", [candidate("schedule", "Schedule", "/programs-events", SCHEDULE_RULE)]),
  ];
}

function memberEntries(ctx: Ctx): SidebarEntry[] {
  const { school, flags, input } = ctx;
  return [
    ...single(ctx, page("home", "home", "Home")),
    ...single(ctx, page("inbox", "inbox", school ? "Messages" : "Inbox", { badge: unreadBadge(input.unreadCount) })),
    ...single(ctx, page("communications", "communications", "Communications")),
    ...group(ctx, "organization", "Organization", [
      page("resource", "resources", "Resources"),
      page("waivers", "waivers", "Waivers"),
      page("role", "user-groups", "User Groups"),
      page("customize", "customize", "Customize Scoreboard"),
    ]),
    ...group(ctx, "requests", "Requests", [page("requests", "membership-requests", "Membership Requests"), page("organization-requests", "organization-requests", "Organization Requests")]),
    ...(flags.isParent ? [] : group(ctx, "users", school ? "CLASS" : "Users", usersItems(ctx))),
    ...group(ctx, "programs-events", "Programs & Events", programItems(ctx)),
    ...group(ctx, "points-rewards", "Points & Rewards", [
      page("points-rewards", "points", "Points"),
      candidate("points-store", "Store", "/store", { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_ADD_ITEMS_TO_STORE] }),
      page("survey", "points-surveys", "Surveys"),
    ]),
    ...group(ctx, "challenges", "Challenges", [
      candidate("challenges-surveys", "Surveys", "/challenges", { auth: "required", level: LEVELS.members, anyPermission: [P.CAN_VIEW_CHALLENGES] }),
      candidate("challenges-store", "Store", "/store", { auth: "required", level: LEVELS.members, anyPermission: [P.CAN_VIEW_STORE] }),
    ]),
    ...group(ctx, "reports", "Reports", [page("reports", "reports-dashboards", "Dashboards", { path: "/reports" }), ...reportItems(ctx)]),
    ...group(ctx, "help", "Help", [helpItem(ctx)]),
  ];
}

function usersItems(ctx: Ctx): (Candidate | false)[] {
  const { school, flags, input } = ctx;
  const userGroupRule = pageById("user-group").rule;
  const mayViewCoaches = allowed(ctx, { auth: "required", anyPermission: [P.CAN_VIEW_COACH_LIST] });
  return [
    page("flagged-members", "flagged-members", "Flagged Members"),
    school ? page("students", "participants", "Students") : page("participants", "participants", "Participants"),
    !flags.isParticipant && page("parents", "parents", "Parents"),
    page("check-in", "check-ins", "Check Ins"),
    page("organizations", "organizations", "Organizations"),
    page("granters", "granters", "Granters"),
    ...input.userGroups
      // the participants, parents and granters groups have their own entries above (issue 15: Granters was listed twice)
      .filter((g) => g.name !== PARTICIPANT && g.name !== PARENT && g.name !== GRANTER)
      .filter((g) => g.name !== COACH || mayViewCoaches)
      .map((g) => candidate(`user-group-${g.id}`, groupLabel(g, school), `/user/${encodeURIComponent(g.id)}`, userGroupRule)),
  ];
}

/** A user group's label: Teachers for the coach group in a school, otherwise its display name or name. */
export function groupLabel(group: SidebarUserGroup, school: boolean): string {
  if (school && group.name === COACH) return "Teachers";
  return group.displayName || group.name;
}

function programItems(ctx: Ctx): (Candidate | false)[] {
  const registers = mayRegister(ctx);
  return [
    candidate("schedule", "Schedule", "/programs-events", SCHEDULE_RULE),
    page("program-builder", "program-builder", "Program Builder"),
    registers
      ? beforeCycleEnd(ctx) && page("program-registration", "program-registration", "Program Registration")
      : page("programs", "programs", "Programs"),
    registers ? page("event-registration", "event-registration", "Event Registration") : page("events", "events", "Events"),
  ];
}

/** Registration items: parents, or participants with no parent or allowed to enrol. */
function mayRegister({ flags, input }: Ctx): boolean {
  if (flags.isParent) return true;
  return flags.isParticipant && (input.user?.hasParent !== true || input.user.isEnrollmentAllowed === true);
}

function beforeCycleEnd({ input }: Ctx): boolean {
  const end = input.organization.programCycleEnd;
  if (end === undefined || end === null || end === "" || input.now === undefined) return true;
  const endTime = new Date(end).getTime();
  return Number.isNaN(endTime) || input.now.getTime() < endTime;
}

function reportItems(ctx: Ctx): Candidate[] {
  // the configured (Tableau) reports need the report feature; the built-in dashboards do not (decision 092)
  const rule: AccessRule = { ...pageById("reports").rule, features: ["report"] };
  return reportPages(ctx.input.organization.reports ?? []).map((r) => candidate(`report-${r.slug}`, r.title, `/reports/${r.slug}`, rule, { dashboardUrl: r.link }));
}

/** The configured reports with a title and a link, each with its path segment (unique: a repeated title gets its place's number). */
export function reportPages(entries: readonly { title: string; link: string }[]): { slug: string; title: string; link: string }[] {
  const used = new Set<string>();
  return entries
    .filter((r) => r.title.trim() !== "" && r.link.trim() !== "")
    .map((r, index) => {
      let slug = slugify(r.title) || `report-${index + 1}`;
      if (used.has(slug)) slug = `${slug}-${index + 1}`;
      used.add(slug);
      return { slug, title: r.title.trim(), link: r.link.trim() };
    });
}

/** A report's path segment from its title: lower case, runs of other characters become '-'. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function helpItem({ input }: Ctx): Candidate {
  const address = input.organization.supportEmail?.trim();
  return candidate("get-in-touch", "Get In Touch", "/help", OPTIONAL, {
    ...(address ? { supportEmail: { address, subject: SUPPORT_MAIL_SUBJECT } } : {}),
  });
}

/** Level above the lowest, CAN_CHECK_IN_OUT_MEMBERS, is_member_check_in_or_out, not kiosk, not school. */
function showCheckInOutButton(ctx: Ctx): boolean {
  const { subject, flags, school, input } = ctx;
  return (
    subject.level > LEVEL.participant &&
    !flags.isKiosk &&
    !school &&
    input.organization.isMemberCheckInOrOut &&
    allowed(ctx, { auth: "required", anyPermission: [P.CAN_CHECK_IN_OUT_MEMBERS] })
  );
}
