import { isFlagEvent, type FlagEvent, type FlagType } from "../flags";
import type { RecordedEvent } from "../kernel";
import { isNoteEvent, type NoteActor, type NoteEvent, type NoteStatus, type NoteType } from "../notes";

/**
 * The auditor's replay (issue 5, decision 021): pure functions over the recorded events of one
 * participant's note streams (`note-{noteId}`) and flag stream (`flags-{participantId}`). No read model is
 * consulted: the timeline and the state at a moment are folds of the events themselves.
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

const STATUS_DELETED = "Deleted";

/** The events of both kinds in the store's global order (positions are unique and increasing). */
export function inGlobalOrder(events: readonly RecordedEvent[]): AuditEvent[] {
  return events.filter((e): e is AuditEvent => isNoteEvent(e) || isFlagEvent(e)).sort((a, b) => a.position - b.position);
}

const noteActor = (by: NoteActor): AuditActor => ({ userId: by.userId, name: by.fullName, role: by.roleDisplayName || by.roleName });

function lookedUp(lookup: AuditLookup, userId: string | null, fallbackName: string): AuditActor {
  const found = userId ? lookup.user?.(userId) : undefined;
  return { userId, name: fallbackName || found?.name || "Unknown user", role: found?.role ?? "" };
}

const viewable = (lookup: AuditLookup, roleIds: readonly string[]) => roleIds.map((id) => lookup.group?.(id) ?? id);
const visibilityText = (names: readonly string[]) => (names.length === 0 ? "All staff" : names.join(", "));
const flagNoteType = (type: FlagType, noteType: FlagAt["noteType"] | undefined): FlagAt["noteType"] => noteType ?? (type === "stop" ? "Manual Flag" : "Manual Warn Flag");
const flagLabel = (type: FlagType) => (type === "stop" ? "Stop" : "Warn");

/** Fields that changed between two lists of group ids, as a change of the note's visibility. */
function visibilityChange(lookup: AuditLookup, before: readonly string[], after: readonly string[]): AuditChange[] {
  const same = before.length === after.length && [...before].sort().join() === [...after].sort().join();
  return same ? [] : [{ field: "Visibility", before: visibilityText(viewable(lookup, before)), after: visibilityText(viewable(lookup, after)) }];
}

/**
 * Every note, comment and flag event of the participant as one entry: actor, time and what changed.
 * Before / after values that an event does not carry itself (a comment's text when it is deleted, a
 * note's status before it is deleted) come from the events before it, as a replay would know them.
 */
export function auditTimeline(events: readonly RecordedEvent[], lookup: AuditLookup = {}): AuditEntry[] {
  const ordered = inGlobalOrder(events);
  const entries: AuditEntry[] = [];
  const notes = new Map<string, { status: NoteStatus; comments: Map<string, string> }>();
  const flags = new Map<string, { message: string; type: FlagType }>();
  for (const event of ordered) {
    const base = { eventId: event.eventId, position: event.position, streamId: event.streamId, occurredAt: event.metadata.occurredAt, action: AUDIT_ACTIONS[event.type] };
    switch (event.type) {
      case "NoteCreated": {
        const d = event.data;
        notes.set(d.noteId, { status: "Active", comments: new Map() });
        entries.push({
          ...base,
          subject: "Note",
          recordId: d.noteId,
          commentId: null,
          actor: noteActor(d.author),
          changes: [
            { field: "Message", before: null, after: d.message },
            { field: "Type", before: null, after: d.type ?? "General" },
            { field: "Status", before: null, after: "Active" },
            { field: "Visibility", before: null, after: visibilityText(viewable(lookup, d.roleIds)) },
          ],
        });
        break;
      }
      case "NoteEdited": {
        const d = event.data;
        const changes: AuditChange[] = d.message === d.previousMessage ? [] : [{ field: "Message", before: d.previousMessage, after: d.message }];
        changes.push(...visibilityChange(lookup, d.previousRoleIds, d.roleIds));
        // the attached image, when the edit changed it (null: none)
        if (d.attachment !== undefined) changes.push({ field: "Attached Image", before: d.previousAttachment ?? null, after: d.attachment });
        entries.push({ ...base, subject: "Note", recordId: d.noteId, commentId: null, actor: noteActor(d.by), changes });
        break;
      }
      case "NoteArchived": {
        const d = event.data;
        const note = notes.get(d.noteId);
        const before = note?.status ?? "Active";
        if (note) {
          note.status = "Archive";
          note.comments.set(d.commentId, d.reason);
        }
        entries.push({
          ...base,
          subject: "Note",
          recordId: d.noteId,
          commentId: d.commentId,
          actor: noteActor(d.by),
          changes: [
            { field: "Status", before, after: "Archive" },
            { field: "Reason", before: null, after: d.reason },
          ],
        });
        break;
      }
      case "NoteRestored": {
        const d = event.data;
        const note = notes.get(d.noteId);
        const before = note?.status ?? "Archive";
        if (note) note.status = "Active";
        entries.push({ ...base, subject: "Note", recordId: d.noteId, commentId: null, actor: noteActor(d.by), changes: [{ field: "Status", before, after: "Active" }] });
        break;
      }
      case "NoteDeleted": {
        const d = event.data;
        const before = notes.get(d.noteId)?.status ?? "Active";
        entries.push({ ...base, subject: "Note", recordId: d.noteId, commentId: null, actor: noteActor(d.by), changes: [{ field: "Status", before, after: STATUS_DELETED }] });
        break;
      }
      case "NoteCommentAdded": {
        const d = event.data;
        notes.get(d.noteId)?.comments.set(d.commentId, d.message);
        entries.push({ ...base, subject: "Comment", recordId: d.noteId, commentId: d.commentId, actor: noteActor(d.by), changes: [{ field: "Comment", before: null, after: d.message }] });
        break;
      }
      case "NoteCommentEdited": {
        const d = event.data;
        notes.get(d.noteId)?.comments.set(d.commentId, d.message);
        entries.push({
          ...base,
          subject: "Comment",
          recordId: d.noteId,
          commentId: d.commentId,
          actor: noteActor(d.by),
          changes: [{ field: "Comment", before: d.previousMessage, after: d.message }],
        });
        break;
      }
      case "NoteCommentDeleted": {
        const d = event.data;
        const comments = notes.get(d.noteId)?.comments;
        const before = comments?.get(d.commentId) ?? null;
        comments?.delete(d.commentId);
        entries.push({
          ...base,
          subject: "Comment",
          recordId: d.noteId,
          commentId: d.commentId,
          actor: noteActor(d.by),
          changes: [
            { field: "Comment", before, after: null },
            { field: "Reason", before: null, after: d.reason },
          ],
        });
        break;
      }
      case "MemberFlagged": {
        const d = event.data;
        flags.set(d.flagId, { message: d.message, type: d.type });
        entries.push({
          ...base,
          subject: "Flag",
          recordId: d.flagId,
          commentId: null,
          actor: lookedUp(lookup, d.flaggedBy ?? event.metadata.actorId, d.flaggedByName),
          changes: [
            { field: "Type", before: null, after: `${flagLabel(d.type)} (${flagNoteType(d.type, d.noteType)})` },
            { field: "Message", before: null, after: d.message },
            { field: "Status", before: null, after: "Active" },
          ],
        });
        break;
      }
      case "MemberFlagResolved": {
        const d = event.data;
        entries.push({
          ...base,
          subject: "Flag",
          recordId: d.flagId,
          commentId: null,
          actor: lookedUp(lookup, d.resolvedBy ?? event.metadata.actorId, ""),
          changes: [
            { field: "Status", before: "Active", after: "Resolved" },
            { field: "Resolution", before: null, after: d.message },
          ],
        });
        break;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  }
  return entries;
}

/**
 * The notes (with their comments) and flags exactly as they stood at `at`: the replay of the events
 * whose occurredAt is at or before it, in the store's global order. Notes deleted by then are kept with
 * status Deleted (their last text and who deleted them); the newest record comes first.
 */
export function auditStateAt(events: readonly RecordedEvent[], at: Date, lookup: AuditLookup = {}): AuditState {
  const limit = at.getTime();
  const replayed = inGlobalOrder(events).filter((e) => Date.parse(e.metadata.occurredAt) <= limit);
  const notes = new Map<string, NoteAt>();
  const flags = new Map<string, FlagAt>();
  for (const event of replayed) {
    const when = event.metadata.occurredAt;
    switch (event.type) {
      case "NoteCreated": {
        const d = event.data;
        if (notes.has(d.noteId)) break;
        notes.set(d.noteId, {
          noteId: d.noteId,
          type: d.type,
          message: d.message,
          status: "Active",
          viewableBy: viewable(lookup, d.roleIds),
          author: noteActor(d.author),
          createdAt: when,
          updatedAt: when,
          edited: false,
          archived: null,
          deleted: null,
          comments: [],
        });
        break;
      }
      case "NoteEdited": {
        const note = notes.get(event.data.noteId);
        if (!note) break;
        note.message = event.data.message;
        note.viewableBy = viewable(lookup, event.data.roleIds);
        note.updatedAt = when;
        note.edited = true;
        break;
      }
      case "NoteArchived": {
        const d = event.data;
        const note = notes.get(d.noteId);
        if (!note) break;
        const by = noteActor(d.by);
        note.status = "Archive";
        note.updatedAt = when;
        note.archived = { by, at: when, reason: d.reason };
        note.comments.push({ commentId: d.commentId, type: "Archive Note", message: d.reason, status: "ACTIVE", author: by, createdAt: when, updatedAt: when, edited: false, deleted: null });
        break;
      }
      case "NoteRestored": {
        const note = notes.get(event.data.noteId);
        if (!note) break;
        note.status = "Active";
        note.updatedAt = when;
        note.archived = null;
        break;
      }
      case "NoteDeleted": {
        const note = notes.get(event.data.noteId);
        if (!note) break;
        note.status = STATUS_DELETED;
        note.deleted = { by: noteActor(event.data.by), at: when };
        break;
      }
      case "NoteCommentAdded": {
        const d = event.data;
        const note = notes.get(d.noteId);
        if (!note || note.comments.some((c) => c.commentId === d.commentId)) break;
        note.comments.push({ commentId: d.commentId, type: "Note Comment", message: d.message, status: "ACTIVE", author: noteActor(d.by), createdAt: when, updatedAt: when, edited: false, deleted: null });
        break;
      }
      case "NoteCommentEdited": {
        const comment = notes.get(event.data.noteId)?.comments.find((c) => c.commentId === event.data.commentId);
        if (!comment) break;
        comment.message = event.data.message;
        comment.updatedAt = when;
        comment.edited = true;
        break;
      }
      case "NoteCommentDeleted": {
        const d = event.data;
        const comment = notes.get(d.noteId)?.comments.find((c) => c.commentId === d.commentId);
        if (!comment) break;
        // the text as it stood is kept for the auditor; the app shows the deleted comment's who, role, when and why
        comment.status = "deleted";
        comment.updatedAt = when;
        comment.deleted = { by: noteActor(d.by), at: when, reason: d.reason };
        break;
      }
      case "MemberFlagged": {
        const d = event.data;
        if (flags.has(d.flagId)) break;
        flags.set(d.flagId, {
          flagId: d.flagId,
          type: d.type,
          noteType: flagNoteType(d.type, d.noteType),
          message: d.message,
          status: "Active",
          flaggedBy: lookedUp(lookup, d.flaggedBy ?? event.metadata.actorId, d.flaggedByName),
          flaggedAt: when,
          resolution: null,
        });
        break;
      }
      case "MemberFlagResolved": {
        const flag = flags.get(event.data.flagId);
        if (!flag) break;
        flag.status = "Resolved";
        flag.resolution = { message: event.data.message, by: lookedUp(lookup, event.data.resolvedBy ?? event.metadata.actorId, ""), at: when };
        break;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  }
  const newestFirst = <T>(items: Map<string, T>, created: (t: T) => string) => [...items.values()].reverse().sort((a, b) => Date.parse(created(b)) - Date.parse(created(a)));
  return {
    at: at.toISOString(),
    eventCount: replayed.length,
    notes: newestFirst(notes, (n) => n.createdAt),
    flags: newestFirst(flags, (f) => f.flaggedAt),
  };
}
