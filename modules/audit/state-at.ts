import type { RecordedEvent } from "../kernel";
import {
  STATUS_DELETED,
  flagNoteType,
  inGlobalOrder,
  lookedUp,
  noteActor,
  viewable,
  type AuditLookup,
  type AuditState,
  type FlagAt,
  type NoteAt,
} from "./model";

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
