export { checkInProjection, toBoardRow, CHECK_IN_TOPIC, CHECK_IN_KIOSK_TOPIC, CHECK_IN_CHANGED, type BoardRow } from "./projection";
export { boardForDay, checkInExportPage, visitById, latestVisit, type DayQuery } from "./queries";
export { visitsOfParticipants, type FamilyVisit } from "./family-visits";
export { checkInExportRows, type ExportRowsSql } from "./export-rows";
export type { CheckInTables } from "./tables";
export * as checkInMigration from "./migration";
export * as checkInSecurityCodeMigration from "./migration-security-code";
export { participantVisitsPage, type ParticipantVisit } from "./participant-visits";
