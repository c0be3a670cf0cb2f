export { resourcesProjection } from "./projection";
export * from "./queries";
export type { ResourceTables } from "./tables";
export * as resourcesMigration from "./migration";
