import type { FlagType } from "../flags";
import type { RecordedEvent } from "../kernel";
import type { NoteStatus } from "../notes";
import {
  AUDIT_ACTIONS,
  STATUS_DELETED,
  actingAsOf,
  flagLabel,
  flagNoteType,
  inGlobalOrder,
  lookedUp,
  noteActor,
  viewable,
  visibilityText,
  type AuditChange,
  type AuditEntry,
  type AuditLookup,
} from "./model";

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
    const base = { eventId: event.eventId, position: event.position, streamId: event.streamId, occurredAt: event.metadata.occurredAt, action: AUDIT_ACTIONS[event.type], actingAs: actingAsOf(event) };
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
