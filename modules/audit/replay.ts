/**
 * The auditor's replay (issue 5, decision 021), kept as one import path for existing importers:
 * the shared types and lookups live in ./model, the timeline (events -> entries with before / after)
 * in ./timeline, and the state at a moment (replay to T) in ./state-at.
 */
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
export { auditTimeline } from "./timeline";
export { auditStateAt } from "./state-at";
