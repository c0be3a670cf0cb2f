import { LEVEL, PERSON_LEVELS, type RoleLevel } from "#modules/identity/client";
import { THEME_COLORS } from "#modules/organizations/client";

/** What each role level is called in the level picker (spec-1 section 6). */
export const LEVEL_LABELS: Readonly<Record<RoleLevel, string>> = {
  1: "Participant / Parent",
  2: "Coach",
  3: "Admin",
  4: "Organization",
  5: "Granter",
  6: "Superadmin",
  7: "Kiosk",
};

/**
 * The levels a user may give a group, as the user-group rules decide them: their own level and below,
 * the kiosk level (7) only from organization level up, nothing for a kiosk.
 */
export function assignableLevels(userLevel: RoleLevel): RoleLevel[] {
  if (userLevel === LEVEL.kiosk) return [];
  const levels = PERSON_LEVELS.filter((level) => level <= userLevel) as RoleLevel[];
  return userLevel >= LEVEL.organization ? [...levels, LEVEL.kiosk] : levels;
}

export const canManageLevel = (userLevel: RoleLevel, groupLevel: number) => assignableLevels(userLevel).some((level) => level === groupLevel);

/**
 * The 10 accent colours of a user group's scheme (spec-2 sections 3 and 9: 'There are 10 selectable accent
 * colours'; the spec does not list them). Taken from the organization theme colours so a group's colour
 * sits with the themes; the default main colour #95358F comes first.
 */
const ACCENT_NAMES = ["purple", "violet", "indigo", "blue", "teal", "green", "amber", "orange", "red", "pink"] as const;
export const ACCENT_CHOICES = ACCENT_NAMES.map((name) => THEME_COLORS.find((color) => color.name === name)!).map(({ name, hex }) => ({
  name: name.charAt(0).toUpperCase() + name.slice(1),
  hex,
}));
