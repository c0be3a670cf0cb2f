export { eventStatsProjection, categoryOf } from "./projection";
export { eventTypeCounts, totalEvents } from "./queries";
export type { EventStatsTables } from "./tables";
export * as eventStatsMigration from "./migration";
