// the pure face only: identity must not load the organizations module, whose rows import identity back
import { enabledFeatures, type OrganizationSettings } from "../../organizations/client";
import { sessionAuthRow, userAuthRow } from "../../../projections/identity";
import { isPermissionId } from "../access/permissions";
import type { AccessSubject, FeatureKey, OrganizationType, RoleLevel } from "../access/types";
import { fieldRoleOf, type FieldRole } from "../access/field-policy";
import { tokenHash } from "../sessions/tokens";
import { noteActingAs, type ActingAs } from "../../kernel";
import { LEVEL } from "../access/types";
import type { Services } from "./services";

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

/** Who is signed in behind a session token: the user, their organization and the access subject. */
export type Auth = {
  token: string;
  user: AuthUser;
  organization: AuthOrganization;
  subject: Extract<AccessSubject, { authenticated: true }>;
  /**
   * Set while a superadmin is inside another organization (decision 069): `organization` is then the entered
   * one, and this names their own. Null in one's own organization.
   */
  actingAs: ActingAs | null;
};

/** The signed-in user behind a session token, or null (no token, ended session, removed user or group). */
export async function authOf(services: Pick<Services, "db" | "primaryDb" | "clock">, token: string | undefined): Promise<Auth | null> {
  if (!token) return null;
  const row = await sessionAuthRow(services.primaryDb ?? services.db, tokenHash(token), services.clock.now());
  if (!row) return null;
  const auth = authOfRow(row, token);
  // the request's events carry it in their metadata (modules/kernel/acting-as.ts)
  if (auth) noteActingAs(auth.actingAs);
  return auth;
}

/**
 * A user by id, in their own organization, as authOf would see them signed in (no session, no token): an
 * API key acts for the user who created it (decision 078). Null when they can no longer sign in.
 */
export async function authOfUser(services: Pick<Services, "db">, userId: string): Promise<Auth | null> {
  const row = await userAuthRow(services.db, userId);
  return row ? authOfRow(row, "") : null;
}

type AuthRow = NonNullable<Awaited<ReturnType<typeof userAuthRow>>>;

function authOfRow(row: AuthRow, token: string): Auth | null {
  if (row.status !== "Active" || row.role_level === null) return null;
  const level = row.role_level as RoleLevel;
  const permissionIds = (row.permission_ids ?? []).filter(isPermissionId);
  const type = row.org_type as OrganizationType;
  const settings = row.org_settings as OrganizationSettings;
  const features: FeatureKey[] = enabledFeatures(settings);
  const entered = row.org_id !== row.organization_id;
  // only a superadmin's session may sit in another organization; anything else is no session (decision 069)
  if (entered && level !== LEVEL.superadmin) return null;
  const actingAs: ActingAs | null = entered
    ? { userId: row.id, homeOrganizationId: row.organization_id, homeOrganizationName: row.home_org_name, organizationId: row.org_id }
    : null;
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
    actingAs,
  };
}

/** The caller's role for the field policy (decision 027): by level, and PARENT among level 1. */
export const fieldRoleOfAuth = (auth: Auth): FieldRole => fieldRoleOf({ level: auth.subject.level, roleName: auth.subject.roleName });
