import { activeItemKey, formTokenFor, isKiosk, matchPage, roleFlags, sidebarFor, type SidebarEntry, type SidebarModel } from "#modules/identity";
import { accentFor, DEFAULT_MAIN_COLOR, type OrganizationType, type RadixAccentColor } from "#modules/organizations";
import { listUserGroups } from "#projections/identity";
import { memberCheckInOn } from "#modules/check-in";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";

/** What the registry says about the page at a path: its title and whether the shell shows navigation. */
export type PageMeta = { title: string; showNavigation: boolean };

/** Everything the layout needs about the signed-in visitor; no secrets, no settings beyond these. */
export type ShellModel = {
  user: { firstName: string; lastName: string; fullName: string; roleLabel: string; level: number; isKiosk: boolean };
  organization: { name: string; type: OrganizationType; mainColor: string; logoUrl: string | null };
  sidebar: SidebarModel;
  /** the highlighted sidebar items for the current path */
  activeKeys: string[];
  accent: RadixAccentColor;
  /** the token the logout form posts (derived from the session, which only this browser holds; decision 028) */
  formToken: string;
};

/** Pages without a signed-in organization use the default main colour (#95358F, plum). */
export const SIGNED_OUT_ACCENT: RadixAccentColor = accentFor(DEFAULT_MAIN_COLOR);

export function pageMetaFor(pathname: string): PageMeta | null {
  const match = matchPage(pathname);
  return match ? { title: match.route.title, showNavigation: match.route.showNavigation } : null;
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

/** A logo the browser can load from here or over https; anything else (an asset id) is not shown yet. */
const loadableUrl = (value: string) => (/^(https:\/\/|\/(?!\/))/.test(value.trim()) ? value.trim() : null);

/** The shell of a signed-in visitor: user, organization, the sidebar model and the theme accent. */
export async function shellFor(services: AppServices, auth: Auth, pathname: string): Promise<ShellModel> {
  const { user, organization, subject } = auth;
  const { settings } = organization;
  // one sidebar entry per group the user manages: groups below their own level, never the kiosk (decision 008)
  const groups = (await listUserGroups(services.db, organization.id)).filter((g) => g.level < auth.user.roleLevel && !isKiosk(g.level));
  const report = settings.features.report;
  const sidebar = sidebarFor({
    subject,
    organization: {
      type: organization.type,
      name: organization.name,
      features: subject.features,
      isMemberCheckInOrOut: memberCheckInOn(settings),
      supportEmail: settings.support_email,
      logoAlt: settings.left_sidebar_logo_alt,
      reports: report.is_enabled ? report.nav.map((entry) => ({ title: entry.title, link: entry.tableau_link })) : [],
      programCycleEnd: settings.features.program.program_cycle_end || null,
    },
    userGroups: groups.map((group) => ({ id: group.id, name: group.name, displayName: group.display_name })),
    // the inbox is not built yet: no messages, no badge
    unreadCount: 0,
    user: { hasParent: user.parentId !== null, isEnrollmentAllowed: user.parentId === null },
    now: services.clock.now(),
  });
  return {
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      roleLabel: user.roleDisplayName || user.roleName,
      level: user.roleLevel,
      isKiosk: roleFlags({ level: user.roleLevel, roleName: user.roleName }).isKiosk,
    },
    organization: {
      name: organization.name,
      type: organization.type,
      mainColor: organization.mainColor,
      logoUrl: loadableUrl(settings.left_sidebar_logo),
    },
    sidebar,
    activeKeys: activeItemKeys(sidebar.entries, pathname),
    accent: accentFor(organization.mainColor),
    formToken: formTokenFor(auth.token),
  };
}
