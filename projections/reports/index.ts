export { reportsProjection } from "./projection";
export * from "./queries";
export { AGE_BANDS, ageBandOn, type AgeBand } from "./dimensions";
export type { ReportTables } from "./tables";
export * as reportsMigration from "./migration";
