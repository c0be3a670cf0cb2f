import { isFlagEvent, type FlagEvent, type FlagType } from "../flags";
import type { RecordedEvent } from "../kernel";
import { isNoteEvent, type NoteActor, type NoteEvent, type NoteStatus, type NoteType } from "../notes";

/**
 * The auditor's replay (issue 5, decision 021): pure functions over the recorded events of one
 * participant's note streams (`note-{noteId}`) and flag stream (`flags-{participantId}`). No read model is
 * consulted: the timeline and the state at a moment are folds of the events themselves.
 *
 * This file: what both folds share — the types they yield, the action labels, the events in the store's
 * order, and how actors, visibility and flag types are looked up and shown.
 */
export type AuditEvent = RecordedEvent<NoteEvent | FlagEvent>;

/** Who did it: the name and role the event carries (notes), else what the lookup knows (flags). */
export type AuditActor = { userId: string | null; name: string; role: string };

export type AuditSubject = "Note" | "Comment" | "Flag";

export const AUDIT_ACTIONS = {
  NoteCreated: "Note created",
  NoteEdited: "Note edited",
  NoteArchived: "Note archived",
  NoteRestored: "Note restored",
  NoteDeleted: "Note deleted",
  NoteCommentAdded: "Comment added",
  NoteCommentEdited: "Comment edited",
  NoteCommentDeleted: "Comment deleted",
  MemberFlagged: "Flag raised",
  MemberFlagResolved: "Flag resolved",
} as const satisfies Record<AuditEvent["type"], string>;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** One field's value before and after the event (null: it had none, e.g. before a note existed). */
export type AuditChange = { field: string; before: string | null; after: string | null };

export type AuditEntry = {
  eventId: string;
  /** global order of the store: the timeline's order */
  position: number;
  streamId: string;
  occurredAt: string;
  subject: AuditSubject;
  action: AuditAction;
  /** the note's id, or the flag's (a flag is a note of type Manual Flag / Manual Warn Flag) */
  recordId: string;
  commentId: string | null;
  actor: AuditActor;
  /** a superadmin acting inside this organization (decision 069): their own organization; null otherwise */
  actingAs: { homeOrganizationId: string; homeOrganizationName: string } | null;
  changes: AuditChange[];
};

/** What the replay may look up: people by user id (flag events carry ids only), user groups by id. */
export type AuditLookup = {
  user?: (userId: string) => { name: string; role: string } | undefined;
  group?: (groupId: string) => string | undefined;
};

export type CommentAt = {
  commentId: string;
  type: "Archive Note" | "Note Comment";
  message: string;
  status: "ACTIVE" | "deleted";
  author: AuditActor;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  deleted: { by: AuditActor; at: string; reason: string } | null;
};

export type NoteAt = {
  noteId: string;
  type: NoteType | null;
  message: string;
  /** Deleted: the note was deleted at or before the moment (kept so the auditor sees it went) */
  status: NoteStatus | "Deleted";
  /** who may see it ('Who can see this note?'): user group names; empty = every staff member */
  viewableBy: string[];
  author: AuditActor;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  archived: { by: AuditActor; at: string; reason: string } | null;
  deleted: { by: AuditActor; at: string } | null;
  comments: CommentAt[];
};

export type FlagAt = {
  flagId: string;
  type: FlagType;
  noteType: "Manual Flag" | "Manual Warn Flag" | "System Generated";
  message: string;
  status: "Active" | "Resolved";
  flaggedBy: AuditActor;
  flaggedAt: string;
  resolution: { message: string; by: AuditActor; at: string } | null;
};

export type AuditState = {
  /** the moment, ISO 8601 */
  at: string;
  /** how many of the events were replayed (occurredAt <= at) */
  eventCount: number;
  notes: NoteAt[];
  flags: FlagAt[];
};

export const STATUS_DELETED = "Deleted";

/** The events of both kinds in the store's global order (positions are unique and increasing). */
export function inGlobalOrder(events: readonly RecordedEvent[]): AuditEvent[] {
  return events.filter((e): e is AuditEvent => isNoteEvent(e) || isFlagEvent(e)).sort((a, b) => a.position - b.position);
}

/** The superadmin's own organization when the event was written from inside another one (decision 069). */
export const actingAsOf = (event: RecordedEvent): AuditEntry["actingAs"] => {
  const acting = event.metadata.actingAs;
  return acting ? { homeOrganizationId: acting.homeOrganizationId, homeOrganizationName: acting.homeOrganizationName } : null;
};

export const noteActor = (by: NoteActor): AuditActor => ({ userId: by.userId, name: by.fullName, role: by.roleDisplayName || by.roleName });

export function lookedUp(lookup: AuditLookup, userId: string | null, fallbackName: string): AuditActor {
  const found = userId ? lookup.user?.(userId) : undefined;
  return { userId, name: fallbackName || found?.name || "Unknown user", role: found?.role ?? "" };
}

export const viewable = (lookup: AuditLookup, roleIds: readonly string[]) => roleIds.map((id) => lookup.group?.(id) ?? id);
export const visibilityText = (names: readonly string[]) => (names.length === 0 ? "All staff" : names.join(", "));
export const flagNoteType = (type: FlagType, noteType: FlagAt["noteType"] | undefined): FlagAt["noteType"] => noteType ?? (type === "stop" ? "Manual Flag" : "Manual Warn Flag");
export const flagLabel = (type: FlagType) => (type === "stop" ? "Stop" : "Warn");
