export { pointsProjection } from "./projection";
export * from "./queries";
export type { PointTables } from "./tables";
export * as pointsMigration from "./migration";
