export { requestsProjection } from "./projection";
export * from "./queries";
export type { RequestTables } from "./tables";
export * as requestsMigration from "./migration";
