/** The auditor's replay (issue 5, decision 021): a participant's note, comment and flag history from the events. */
export { auditTimeline } from "./timeline";
export { auditStateAt } from "./state-at";
export {
  AUDIT_ACTIONS,
  inGlobalOrder,
  type AuditEvent,
  type AuditActor,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type AuditLookup,
  type AuditState,
  type AuditSubject,
  type NoteAt,
  type CommentAt,
  type FlagAt,
} from "./model";
export { AUDIT_CSV_HEADER, auditDate, auditTimestamp, auditCsvRow, auditCsvStream, auditCsvFileName } from "./csv";
export { auditQuery, type AuditQuery } from "./commands";
// last: the service and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { participantAudit, participantAuditCsv, auditPageOf, type AuditParticipant, type ParticipantAudit } from "./service";
export { auditApi } from "./api";
