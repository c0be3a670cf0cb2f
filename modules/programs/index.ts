/** The programs module's public face: programs (the builder, decision 044), their schedules and registrations. Service and rows last. */
export {
  PROGRAM_TYPES,
  PROGRAM_TYPE_COLORS,
  occursOn,
  scheduleBounds,
  formatTime,
  addDays,
  weekdayOf,
  isIsoDate,
  isTime,
  type ProgramType,
  type ProgramTypeColor,
  type ProgramSchedule,
  type Weekday,
} from "./schedule";
export { sessionsOn, sessionsBetween, planOn, sessionKey, hoursToTime, daysOf, type WeeklySession, type SchedulePlan, type ProgramSession } from "./sessions";
export {
  memberPlacesStreamId,
  type ProgramDetails,
  type ProgramScheduleInput,
  type ProgramBuilt,
  type MemberPlaceEvent,
  PROGRAM_EVENT_TYPES,
  PROGRAM_STREAM_PREFIX,
  isProgramEvent,
  programStreamId,
  type ProgramDefinition,
  type ProgramEvent,
  type ProgramCreated,
  type ParticipantRegisteredToProgram,
  type ParticipantUnregisteredFromProgram,
} from "./events";
export {
  PROGRAM_MESSAGES,
  programIdSchema,
  participantIdSchema,
  programTypeSchema,
  programScheduleSchema,
  createProgramSchema,
  programRegistrationSchema,
  programSchema,
  programBodySchema,
  programFormSchema,
  programIssues,
  copyProgramBody,
  registrationBody,
  programListQuery,
  ACTIVITY_TYPES,
  PROGRAM_GENDERS,
  PROGRAM_LIMITS,
  PROGRAM_SORTS,
  WEEKDAY_NAMES,
  type ProgramBody,
  type ProgramInput,
  type ProgramRules,
  type ProgramListQuery,
  type RegistrationFacts,
  type BuildProgram,
  type EditProgram,
  type ArchiveProgram,
  type DeleteProgram,
  type CreateProgramInput,
  type CreateProgram,
  type RegisterParticipantToProgram,
  type UnregisterParticipantFromProgram,
  type ProgramCommand,
} from "./commands";
export {
  programDecider,
  decide,
  evolve,
  initialProgramState,
  programNotFound,
  programAlreadyExists,
  alreadyRegistered,
  notRegistered,
  alreadyWaitlisted,
  programArchived,
  programFull,
  programInUse,
  notEligible,
  programLimitReached,
  eligibilityRefusal,
  type ProgramState,
  type CreatedProgram,
} from "./decide";
export {
  handleProgramCommand,
  createProgram,
  registerParticipantToProgram,
  unregisterParticipantFromProgram,
  buildProgram,
  editProgram,
  archiveProgram,
  deleteProgram,
  programRulesOf,
  staffAmong,
  placesOf,
  loadProgram,
  programOutOfScope,
  organizationNotFound,
  participantNotFound,
  type ProgramDeps,
  type ProgramResult,
} from "./handlers";
export * from "./service";
export { programsApi } from "./api";
export { attendanceApi } from "./attendance-api";
export { programReportsApi } from "./report-api";
export { programReportCall, programReportPage, sessionsToDateOf, viewerOf, attendancePercentage, fsaOf, type ReportViewer, type ProgramReportRow } from "./report";
export { programReportScreen, programSummaryScreen, reportPageQuery, reportPageQueryOf, canExportPrograms, REPORT_PAGE_SIZES, type ReportPageQuery } from "./report-pages";
export { programSummaryCall, programSummaryRows, sessionsToDate, meanAge, type ProgramSummaryRow } from "./report-summary";
export {
  ATTENDANCE_STATUSES,
  ATTENDANCE_EVENT_TYPES,
  PROGRAM_SESSION_STREAM_PREFIX,
  isAttendanceEvent,
  programSessionStreamId,
  type AttendanceStatus,
  type AttendanceEvent,
  type AttendanceMarked,
  type DropInAdded,
} from "./attendance-events";
export { attendanceBody, dropInBody, sessionsQuery, ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES, type AttendanceBody, type AttendanceCommand, type MarkAttendance, type AddDropIn, type SessionFacts } from "./attendance-commands";
export { sessionDecider, decideSession, evolveSession, type SessionState } from "./attendance-decide";
export { handleAttendanceCommand, type AttendanceDeps, type AttendanceResult } from "./attendance-handlers";
export { ATTENDANCE_TOASTS, markAttendanceCall, addDropInCall } from "./attendance-service";
export { programSessionsCall, sessionRosterCall } from "./attendance-reads";
export { scheduleOf, type ScheduleAnswer, type AttendancePanel, type RosterEntry } from "./service-schedule";
export { scheduleEntries, daysOfView, type ScheduleEntry, type ScheduleView, type ScheduledProgram } from "./week-schedule";
export { programBuilderOf } from "./service-builder";
export { staffProgramsPageOf, staffRegisterToProgram, staffUnregisterFromProgram, mayRegister, mayExport, dateIn, peopleOf, STAFF_PAGE_SIZES, type StaffProgram, type StaffProgramsPage, type RosterPerson } from "./service-staff";
