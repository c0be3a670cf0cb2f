export { flagsProjection, FLAG_CHANGED, type FlagChange } from "./projection";
export * from "./queries";
export type { FlagTables } from "./tables";
export * as flagsMigration from "./migration";
