export { programsProjection } from "./projection";
export * from "./queries";
export type { ProgramTables } from "./tables";
export * as programsMigration from "./migration";
export * as programsBuilderMigration from "./migration-builder";
export * from "./program-list";
export { memberProgramsOn, memberProgramsSql, memberProgramNamesSql, programsWithMembersOn } from "./member-programs";
export { programsOfParticipant, meetsOn, type ParticipantProgram } from "./participant-programs";
export { scheduleSources, currentSessionsOf, type ScheduleSource } from "./schedule-sources";
