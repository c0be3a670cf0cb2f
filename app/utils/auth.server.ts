import { isPermissionId, tokenHash, type AccessSubject, type FeatureKey, type OrganizationType, type RoleLevel } from "#modules/identity";
import { enabledFeatures, type OrganizationSettings } from "#modules/organizations";
import { sessionAuthRow } from "#projections/identity";
import { readCookie, SESSION_COOKIE } from "./cookies.server";
import type { AppServices } from "./load-context";

export type AuthUser = {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  parentId: string | null;
  roleName: string;
  roleDisplayName: string;
  roleLevel: RoleLevel;
  roleScheme: Record<string, string>;
  permissionIds: string[];
};

export type AuthOrganization = { id: string; name: string; type: OrganizationType; mainColor: string; settings: OrganizationSettings };

export type Auth = {
  token: string;
  user: AuthUser;
  organization: AuthOrganization;
  subject: Extract<AccessSubject, { authenticated: true }>;
};

/** The signed-in visitor behind the session cookie, or null (no cookie, ended session, removed user or group). */
export async function getAuth(request: Request, services: AppServices): Promise<Auth | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const row = await sessionAuthRow(services.db, tokenHash(token), services.clock.now());
  if (!row || row.status !== "Active" || row.role_level === null) return null;
  const level = row.role_level as RoleLevel;
  const permissionIds = (row.permission_ids ?? []).filter(isPermissionId);
  const type = row.org_type as OrganizationType;
  const settings = row.org_settings as OrganizationSettings;
  const features: FeatureKey[] = enabledFeatures(settings);
  return {
    token,
    user: {
      id: row.id,
      username: row.username,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      parentId: row.parent_id,
      roleName: row.role_name ?? "",
      roleDisplayName: row.role_display_name ?? "",
      roleLevel: level,
      roleScheme: (row.role_scheme as Record<string, string> | null) ?? {},
      permissionIds,
    },
    organization: { id: row.org_id, name: row.org_name, type, mainColor: row.org_main_color, settings },
    subject: { authenticated: true, level, roleName: row.role_name ?? "", permissionIds, organizationType: type, features },
  };
}
