export { programsProjection } from "./projection";
export * from "./queries";
export type { ProgramTables } from "./tables";
export * as programsMigration from "./migration";
export { programsOfParticipant, meetsOn, type ParticipantProgram } from "./participant-programs";
