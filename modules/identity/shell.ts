import { memberCheckInOn } from "../check-in/client";
import { accentFor, type RadixAccentColor } from "../organizations/client";
import { listUserGroups } from "../../projections/identity";
import { isKiosk } from "./access/levels";
import { activeItemKeys, sidebarFor, type SidebarModel } from "./access/menu";
import { roleFlags } from "./access/role-flags";
import type { OrganizationType } from "./access/types";
import type { Auth } from "./calls/auth";
import type { Services } from "./calls/services";
import { formTokenFor } from "./sessions/tokens";

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
  /** a superadmin inside another organization (decision 069): every page says so, with a way back */
  actingAs: { organizationName: string; homeOrganizationName: string } | null;
};

/** A logo the browser can load from here or over https; anything else (an asset id) is not shown yet. */
const loadableUrl = (value: string) => (/^(https:\/\/|\/(?!\/))/.test(value.trim()) ? value.trim() : null);

/**
 * The shell of a signed-in visitor: user, organization, the sidebar model and the theme accent. `unreadCount`: the
 * inbox badge's count (unread conversations, decision 073), read by the caller from communications.
 */
export async function shellFor(services: Pick<Services, "db" | "clock">, auth: Auth, pathname: string, options: { unreadCount?: number } = {}): Promise<ShellModel> {
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
    unreadCount: options.unreadCount ?? 0,
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
    actingAs: auth.actingAs ? { organizationName: organization.name, homeOrganizationName: auth.actingAs.homeOrganizationName } : null,
  };
}
