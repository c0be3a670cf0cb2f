import type { DomainEvent } from "../kernel";
import { isAdminOrAbove } from "../identity";

/** Note types one writes on the Notes tab (spec-2 section 3): Program/Event Note and the ordinary values. */
export const WRITABLE_NOTE_TYPES = ["Program/Event Note", "Late", "Away", "Sick", "Attending"] as const;
export type WritableNoteType = (typeof WRITABLE_NOTE_TYPES)[number];
/** Types of the notes that are flags (they live on the flag stream, `flags-{participantId}`). */
export const FLAG_NOTE_TYPES = ["Manual Flag", "Manual Warn Flag", "System Generated"] as const;
export type FlagNoteType = (typeof FLAG_NOTE_TYPES)[number];
export type NoteType = WritableNoteType | FlagNoteType;

export const NOTE_STATUSES = ["Active", "Archive"] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/**
 * Who did it, as they were at that moment: the name and user group are copied into the event so the
 * history keeps them ('the deleted comment keeps who, role, when and reason') even after a rename.
 */
export type NoteActor = {
  userId: string | null;
  fullName: string;
  roleName: string;
  roleDisplayName: string;
  level: number;
  /** the user group, for the visibility rule ('Who can see this note?') */
  groupId?: string | null;
};

export type NoteCreatedData = {
  noteId: string;
  participantId: string;
  organizationId: string;
  /** null: a note of no particular type */
  type: WritableNoteType | null;
  message: string;
  /** user groups that may see the note besides admins and the author; empty: every staff member */
  roleIds: string[];
  author: NoteActor;
  /**
   * The attached image ('Attached Image'): an uploaded file's stored path in the note's organization
   * (modules/uploads). Absent on notes without one, and on every note written before attachments.
   */
  attachment?: string;
};
/**
 * `attachment` is present only when the edit changed it: the new stored path, or null when it was
 * removed (`previousAttachment` is then what it was). Absent: the attachment stayed as it was.
 */
export type NoteEditedData = {
  noteId: string;
  message: string;
  roleIds: string[];
  previousMessage: string;
  previousRoleIds: string[];
  by: NoteActor;
  attachment?: string | null;
  previousAttachment?: string | null;
};
/** The reason is also the note's 'Archive Note' comment, `commentId`. */
export type NoteArchivedData = { noteId: string; commentId: string; reason: string; by: NoteActor };
export type NoteRestoredData = { noteId: string; by: NoteActor };
export type NoteDeletedData = { noteId: string; by: NoteActor };
export type NoteCommentAddedData = { noteId: string; commentId: string; message: string; by: NoteActor };
export type NoteCommentEditedData = { noteId: string; commentId: string; message: string; previousMessage: string; by: NoteActor };
export type NoteCommentDeletedData = { noteId: string; commentId: string; reason: string; by: NoteActor };

/** The events of a note's stream, `note-{noteId}`. Versioned by type name. */
export type NoteCreated = DomainEvent<"NoteCreated", NoteCreatedData>;
export type NoteEdited = DomainEvent<"NoteEdited", NoteEditedData>;
export type NoteArchived = DomainEvent<"NoteArchived", NoteArchivedData>;
export type NoteRestored = DomainEvent<"NoteRestored", NoteRestoredData>;
export type NoteDeleted = DomainEvent<"NoteDeleted", NoteDeletedData>;
export type NoteCommentAdded = DomainEvent<"NoteCommentAdded", NoteCommentAddedData>;
export type NoteCommentEdited = DomainEvent<"NoteCommentEdited", NoteCommentEditedData>;
export type NoteCommentDeleted = DomainEvent<"NoteCommentDeleted", NoteCommentDeletedData>;

export type NoteEvent = NoteCreated | NoteEdited | NoteArchived | NoteRestored | NoteDeleted | NoteCommentAdded | NoteCommentEdited | NoteCommentDeleted;

export const NOTE_EVENT_TYPES = [
  "NoteCreated",
  "NoteEdited",
  "NoteArchived",
  "NoteRestored",
  "NoteDeleted",
  "NoteCommentAdded",
  "NoteCommentEdited",
  "NoteCommentDeleted",
] as const satisfies readonly NoteEvent["type"][];

export const isNoteEvent = <E extends DomainEvent>(event: E): event is E & NoteEvent => (NOTE_EVENT_TYPES as readonly string[]).includes(event.type);

export const NOTE_STREAM_PREFIX = "note-";
export const noteStreamId = (noteId: string) => `${NOTE_STREAM_PREFIX}${noteId}`;

/** Comment types (spec-2 section 5). */
export const COMMENT_TYPES = ["Archive Note", "Note Comment"] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

/** Admin-level visibility (allowRoleVisibility): admin, organization, granter and superadmin (levels 3-6). */
export const isNoteAdmin = (level: number) => isAdminOrAbove(level);
