export { flagsProjection } from "./projection";
export * from "./queries";
export type { FlagTables } from "./tables";
export * as flagsMigration from "./migration";
