export { assetsProjection } from "./projection";
export * from "./queries";
export type { AssetTables } from "./tables";
export * as assetsMigration from "./migration";
