export { programsProjection } from "./projection";
export * from "./queries";
export type { ProgramTables } from "./tables";
export * as programsMigration from "./migration";
export { memberProgramsOn, memberProgramsSql, memberProgramNamesSql, programsWithMembersOn } from "./member-programs";
