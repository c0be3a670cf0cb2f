/** The programs module's browser-safe face: what the board shows of a program. Pure: app/components may import it. */
export { PROGRAM_TYPE_COLORS } from "./schedule";
