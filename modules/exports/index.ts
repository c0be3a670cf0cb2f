/** The exports module's public face: background CSV exports, their events, rules and file format. */
export {
  EXPORT_EVENT_TYPES,
  EXPORT_STREAM_PREFIX,
  exportStreamId,
  isExportEvent,
  type ExportEvent,
  type ExportRequested,
  type ExportCompleted,
  type ExportFailed,
  type ExportExpired,
  type ExportRequestedData,
  type ExportCompletedData,
  type ExportFailedData,
  type ExportExpiredData,
} from "./events";
export {
  EXPORT_KINDS,
  KIND_MESSAGE,
  programReportFiltersSchema,
  programSummaryFiltersSchema,
  eventReportFiltersSchema,
  userListFiltersSchema,
  parentListFiltersSchema,
  surveyExportFiltersSchema,
  type SurveyExportFilters,
  type ProgramReportFilters,
  type ProgramSummaryFilters,
  type EventReportFilters,
  type UserListFilters,
  type ParentListFilters,
  EXPORT_PERMISSION,
  ANY_EXPORT_PERMISSION,
  KIND_LABELS,
  EMPTY_EXPORT_TEXT,
  MAX_BUNDLE_PARTS,
  exportRequestSchema,
  checkInFiltersSchema,
  participantFiltersSchema,
  flagHistoryFiltersSchema,
  bundleFiltersSchema,
  exportFileName,
  fileDate,
  type ExportKind,
  type ExportRequest,
  type ExportFilters,
  type CheckInFilters,
  type ParticipantFilters,
  type FlagHistoryFilters,
  type BundleFilters,
} from "./kinds";
export type { ExportCommand, RequestExport, CompleteExport, FailExport, ExpireExport, BundlePartFact, RequestExportInput, CompleteExportInput } from "./commands";
export {
  exportDecider,
  decide,
  evolve,
  initialExportState,
  exportFileKey,
  exportFolder,
  exportNotFound,
  exportForbidden,
  exportExists,
  exportFinished,
  bundlePartNotReady,
  participantNotFound,
  type ExportState,
  type ExportStatus,
} from "./decide";
export { requestExport, completeExport, failExport, expireExport, loadExport, exportIdFor, handleExportCommand, type ExportDeps, type ExportResult } from "./handlers";
export { CHECK_IN_HEADER, PARTICIPANT_HEADER, PROGRAM_REPORT_HEADER, PROGRAM_SUMMARY_HEADER, EVENT_REPORT_HEADER, USER_LIST_HEADER, PARENT_LIST_HEADER, SURVEY_REPORT_HEADER, SURVEY_EVALUATION_HEADER, TIME_ZONE_COLUMN, FORMULA_TRIGGERS, CSV_OPTIONS, neutralizeCell, restoreCell, csvFormatter, parseExportCsv } from "./csv";
export * from "./queue";
export { exportRequestBody, downloadQuery, type ExportRequestBody, type DownloadQuery } from "./commands";
// last: the service and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { requestExportFor, exportsFor, exportList, downloadExport, canExportCheckIns, canExportParticipants, exportLiveOf, closeExportQueue, type ExportListItem } from "./service";
export { exportsApi, exportRowAnswer, exportProgressAnswer } from "./api";
