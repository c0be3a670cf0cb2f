import { LEVEL } from "./types";

/**
 * The role-level predicates (spec-1 section 6): the one place that says which levels are staff, admin
 * and so on. Everyone else asks these by name; a bare level number elsewhere is refused by the lint
 * (eslint.config.js, "role levels by name"). They take any number (a read model's `level` column, null
 * for a user without a group): a value outside 1-7 is none of these.
 */
type Level = number | null | undefined;
const between = (level: Level, low: number, high: number) => typeof level === "number" && level >= low && level <= high;

/** Level 1: participants and parents (the lowest level; which of the two goes by the group name). */
export const isMemberLevel = (level: Level) => level === LEVEL.participant;
/** Level 7: the kiosk, a device rather than a person. */
export const isKiosk = (level: Level) => level === LEVEL.kiosk;
/** Levels 2-6: coach and above, never the kiosk. */
export const isStaff = (level: Level) => between(level, LEVEL.coach, LEVEL.superadmin);
/** Levels 3-6: admin and above, never the kiosk. */
export const isAdminOrAbove = (level: Level) => between(level, LEVEL.admin, LEVEL.superadmin);
/** Levels 4-6: the organization account and above, never the kiosk. */
export const isOrganizationOrAbove = (level: Level) => between(level, LEVEL.organization, LEVEL.superadmin);
/** Above the lowest level (2-7; the kiosk included, as the spec's 'level above the lowest'). */
export const isAboveLowest = (level: Level) => between(level, LEVEL.coach, LEVEL.kiosk);
/** The levels 1-6 of people, lowest first (the kiosk apart). */
export const PERSON_LEVELS = [LEVEL.participant, LEVEL.coach, LEVEL.admin, LEVEL.organization, LEVEL.granter, LEVEL.superadmin] as const;
