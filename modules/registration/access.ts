import { roleFlags, type RoleLevel } from "../identity";

/** Who registers by themselves (decision 052): a parent (their children), a participant (themself), or nobody. */
export type Registrant = "parent" | "self";

/**
 * The sidebar's `mayRegister` (spec-1 section 6, modules/identity/access/menu.ts) as a rule for the calls:
 * parents; participants with no parent or allowed to enrol. A user's is_enrollment_allowed is today
 * `parent_id === null` (the session payload and the shell say so), so a participant with a parent is refused.
 * Staff, the kiosk and other level-1 groups: null. Pure.
 */
export function registrantOf(user: { roleLevel: RoleLevel; roleName: string; parentId: string | null }): Registrant | null {
  const flags = roleFlags({ level: user.roleLevel, roleName: user.roleName });
  if (flags.isParent) return "parent";
  const hasParent = user.parentId !== null;
  const isEnrollmentAllowed = user.parentId === null;
  if (flags.isParticipant && (!hasParent || isEnrollmentAllowed)) return "self";
  return null;
}
