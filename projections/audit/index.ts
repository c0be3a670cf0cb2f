export { auditProjection } from "./projection";
export * from "./queries";
export { auditLookupOf, mayViewNoteHistory, participantHistoryEvents, waitForAuditIndex, type HistoryDeps, type HistoryViewer } from "./history";
export type { AuditTables } from "./tables";
export * as auditMigration from "./migration";
