export { auditProjection } from "./projection";
export * from "./queries";
export type { AuditTables } from "./tables";
export * as auditMigration from "./migration";
