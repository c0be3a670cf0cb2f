export { screeningProjection, SCREENING_TOPIC, SCREENING_CHANGED, type ScreeningChange } from "./projection";
export * from "./queries";
export type { ScreeningTables } from "./tables";
export * as screeningMigration from "./migration";
