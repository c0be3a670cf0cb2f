/** The programs module's browser-safe face: the program types' colours. Pure: no node or database imports. */
export { PROGRAM_TYPE_COLORS, type ProgramType } from "./schedule";
