import { LEVEL, type AccessRule, type LevelRule } from "./types";

/**
 * Building blocks of the route rules. Level bounds never include the kiosk: a kiosk is let in by
 * `kioskAllowed` alone (see engine.ts).
 */
export const LEVELS = {
  /** participants and parents (level 1) */
  members: { equal: [LEVEL.participant] },
  /** coach and above, 2-6 */
  staff: { up: [LEVEL.coach] },
  /** admin and above, 3-6 */
  admin: { up: [LEVEL.admin] },
  /** organization account and above, 4-6 */
  organization: { up: [LEVEL.organization] },
  /** granter and superadmin, 5-6 */
  granter: { up: [LEVEL.granter] },
} as const satisfies Record<string, LevelRule>;

/** public: a signed-in user is sent to / */
export const PUBLIC = { auth: "none" } as const satisfies AccessRule;
/** anyone, signed in or not (not a kiosk) */
export const OPTIONAL = { auth: "optional" } as const satisfies AccessRule;
/** any signed-in user but a kiosk */
export const SIGNED_IN = { auth: "required" } as const satisfies AccessRule;
/** admin and above, never a kiosk */
export const ADMIN_ONLY = { auth: "required", level: LEVELS.admin } as const satisfies AccessRule;
