export { waiversProjection } from "./projection";
export { waiverOf, type WaiverView } from "./queries";
export type { WaiverTables } from "./tables";
export * as waiversMigration from "./migration";
