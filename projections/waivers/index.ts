export { waiversProjection } from "./projection";
export { waiverOf, waiverStatusPage, waiverVersionsOf, signaturesByVersion, type WaiverView, type WaiverStatusRow, type WaiverStatusFilter, type WaiverVersionRow } from "./queries";
export type { WaiverTables } from "./tables";
export * as waiversMigration from "./migration";
export * as waiverVersionsMigration from "./versions-migration";
