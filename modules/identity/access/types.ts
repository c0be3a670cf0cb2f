import type { PermissionId } from "./permissions";

/** Role levels (spec-1 section 6). */
export const LEVEL = {
  participant: 1, // also parent
  coach: 2,
  admin: 3,
  organization: 4,
  granter: 5,
  superadmin: 6,
  kiosk: 7,
} as const;
export type RoleLevel = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type OrganizationType = "school" | "other";

/** Organization features that gate pages and menu items (spec-1 section 3, `features`). */
export type FeatureKey = "program_builder" | "communication" | "report" | "program" | "event" | "document";

/** Who is asking: everything the access rules look at. */
export type AccessSubject =
  | {
      authenticated: false;
      /**
       * the organization the anonymous visitor is looking at, when known (public pages are served for
       * one organization). Rules with organization-type or feature checks refuse when it is unknown.
       */
      organizationType?: OrganizationType;
      features?: readonly FeatureKey[];
    }
  | {
      authenticated: true;
      level: RoleLevel;
      /** the user group's name, e.g. PARTICIPANT, PARENT, COACH */
      roleName: string;
      permissionIds: readonly PermissionId[];
      organizationType: OrganizationType;
      /** features switched on for the user's organization */
      features: readonly FeatureKey[];
    };

/** A signed-in subject. */
export type AuthenticatedSubject = Extract<AccessSubject, { authenticated: true }>;

/**
 * Level bounds relative to the user's level: the user passes if their level is in `equal`, or at or
 * above some level in `up`, or at or below some level in `down`. No bounds: every level passes.
 */
export type LevelRule = { up?: readonly RoleLevel[]; equal?: readonly RoleLevel[]; down?: readonly RoleLevel[] };

/** A page's, menu item's or /api route's access rule (spec-1 section 2, "A page declares"). */
export type AccessRule = {
  /** required: signed in; optional: either; none: public, and a signed-in user is sent to / */
  auth: "required" | "optional" | "none";
  level?: LevelRule;
  /** the user needs at least one of these (when given) */
  anyPermission?: readonly PermissionId[];
  /** the user needs all of these (when given) */
  allPermissions?: readonly PermissionId[];
  /** every listed feature must be on */
  features?: readonly FeatureKey[];
  /** only these organization types pass (when given) */
  organizationTypes?: readonly OrganizationType[];
  /** these organization types never pass */
  exclusiveOrganizationTypes?: readonly OrganizationType[];
  /** a kiosk passes only where this is true (default false) */
  kioskAllowed?: boolean;
};

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: "unauthenticated" | "authenticated-on-public-page" | "forbidden"; detail: string };
