export { exportsProjection } from "./projection";
export * from "./queries";
export * from "./live";
export type { ExportTables } from "./tables";
export * as exportsMigration from "./migration";
