export { programsProjection } from "./projection";
export * from "./queries";
export type { ProgramTables } from "./tables";
export * as programsMigration from "./migration";
export * as programsBuilderMigration from "./migration-builder";
export * from "./program-list";
