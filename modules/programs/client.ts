/** The programs module's browser-safe face: the program types' colours and names, the time label. Pure: no node or database imports. */
export { PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS, formatTime, type ProgramType } from "./schedule";
export { programBodySchema, programFormSchema, PROGRAM_LIMITS, WEEKDAY_NAMES, ACTIVITY_TYPES, PROGRAM_GENDERS, type ProgramBody, type ProgramRules } from "./commands";
export { PROGRAM_TYPES, isIsoDate } from "./schedule";
export { STAFF_PAGE_SIZES, STAFF_DEFAULT_PAGE_SIZE } from "./staff-page";
