import { KIOSK_PERMISSIONS, type PermissionId } from "./permissions";
import {
  LEVEL,
  type AccessDecision,
  type AccessRule,
  type AccessSubject,
  type AuthenticatedSubject,
  type FeatureKey,
  type LevelRule,
  type OrganizationType,
  type RoleLevel,
} from "./types";

/**
 * The access-rule engine: one pure function for pages, menu items and /api routes. Checks run in this
 * order and the first that fails decides; each refusal's `detail` starts with the check's name:
 *
 * 1. `auth`: required and anonymous -> unauthenticated; 'none' and signed in -> authenticated-on-public-page.
 *    An anonymous visitor on a non-required rule that still asks for level bounds or permissions is
 *    refused as unauthenticated (only a signed-in user can satisfy them).
 * 2. `kiosk`: a kiosk (level 7) passes only where `kioskAllowed` is true. Level bounds describe the
 *    levels 1-6 and do not apply to a kiosk; its permissions are capped by KIOSK_PERMISSIONS.
 * 3. `level`: see LevelRule. No bounds (or only empty lists): every level passes.
 * 4. `anyPermission`, 5. `allPermissions`: an empty list asks for nothing.
 * 6. `features`: every listed feature must be on.
 * 7. `organizationTypes`, 8. `exclusiveOrganizationTypes`: an empty list asks for nothing; an unknown
 *    organization type (anonymous visitor) fails both when they are given.
 */
export function decideAccess(rule: AccessRule, subject: AccessSubject): AccessDecision {
  if (!subject.authenticated) {
    if (rule.auth === "required") return refuse("unauthenticated", "auth: sign-in required");
    const userOnly = userOnlyCheck(rule);
    if (userOnly) return refuse("unauthenticated", `${userOnly}: needs a signed-in user`);
    return organizationChecks(rule, subject.organizationType, subject.features) ?? ALLOWED;
  }

  if (rule.auth === "none") return refuse("authenticated-on-public-page", "auth: public page, the user is signed in");

  const kiosk = subject.level === LEVEL.kiosk;
  if (kiosk && rule.kioskAllowed !== true) return forbidden("kiosk: a kiosk is not allowed here");

  if (!kiosk && rule.level && !levelPasses(subject.level, rule.level)) {
    return forbidden(`level: level ${subject.level} is outside ${describeLevelRule(rule.level)}`);
  }

  const held = new Set(effectivePermissions(subject));
  const any = rule.anyPermission ?? [];
  if (any.length > 0 && !any.some((p) => held.has(p))) {
    return forbidden(`anyPermission: needs one of ${any.join(", ")}`);
  }
  const missing = (rule.allPermissions ?? []).filter((p) => !held.has(p));
  if (missing.length > 0) return forbidden(`allPermissions: missing ${missing.join(", ")}`);

  return organizationChecks(rule, subject.organizationType, subject.features) ?? ALLOWED;
}

/** Shorthand for `decideAccess(rule, subject).allowed`. */
export function isAllowed(rule: AccessRule, subject: AccessSubject): boolean {
  return decideAccess(rule, subject).allowed;
}

/** The permissions the engine counts: the group's ids, for a kiosk only those in KIOSK_PERMISSIONS. */
export function effectivePermissions(subject: AuthenticatedSubject): readonly PermissionId[] {
  if (subject.level !== LEVEL.kiosk) return subject.permissionIds;
  return subject.permissionIds.filter((p) => KIOSK_PERMISSIONS.includes(p));
}

/** True when `level` is within the bounds (see LevelRule). */
export function levelPasses(level: RoleLevel, bounds: LevelRule): boolean {
  if (!hasBounds(bounds)) return true;
  const up = bounds.up ?? [];
  const equal = bounds.equal ?? [];
  const down = bounds.down ?? [];
  return equal.includes(level) || up.some((l) => level >= l) || down.some((l) => level <= l);
}

export function describeLevelRule(bounds: LevelRule): string {
  const parts: string[] = [];
  if (bounds.up?.length) parts.push(`up [${bounds.up.join(", ")}]`);
  if (bounds.equal?.length) parts.push(`equal [${bounds.equal.join(", ")}]`);
  if (bounds.down?.length) parts.push(`down [${bounds.down.join(", ")}]`);
  return parts.length > 0 ? `the bounds ${parts.join(", ")}` : "no bounds";
}

const ALLOWED: AccessDecision = Object.freeze({ allowed: true });

function refuse(reason: "unauthenticated" | "authenticated-on-public-page", detail: string): AccessDecision {
  return { allowed: false, reason, detail };
}

function forbidden(detail: string): AccessDecision {
  return { allowed: false, reason: "forbidden", detail };
}

/** The name of the first check only a signed-in user can satisfy, if the rule has one. */
function userOnlyCheck(rule: AccessRule): string | undefined {
  if (rule.level && hasBounds(rule.level)) return "level";
  if ((rule.anyPermission ?? []).length > 0) return "anyPermission";
  if ((rule.allPermissions ?? []).length > 0) return "allPermissions";
  return undefined;
}

function hasBounds(bounds: LevelRule): boolean {
  return (bounds.up?.length ?? 0) + (bounds.equal?.length ?? 0) + (bounds.down?.length ?? 0) > 0;
}

function organizationChecks(
  rule: AccessRule,
  organizationType: OrganizationType | undefined,
  features: readonly FeatureKey[] | undefined,
): AccessDecision | undefined {
  const off = (rule.features ?? []).filter((f) => !(features ?? []).includes(f));
  if (off.length > 0) return forbidden(`features: ${off.join(", ")} not enabled`);

  const only = rule.organizationTypes ?? [];
  if (only.length > 0 && (organizationType === undefined || !only.includes(organizationType))) {
    return forbidden(`organizationTypes: ${organizationType ?? "unknown"} is not one of ${only.join(", ")}`);
  }
  const excluded = rule.exclusiveOrganizationTypes ?? [];
  if (excluded.length > 0 && (organizationType === undefined || excluded.includes(organizationType))) {
    return forbidden(`exclusiveOrganizationTypes: ${organizationType ?? "unknown"} is excluded (${excluded.join(", ")})`);
  }
  return undefined;
}
