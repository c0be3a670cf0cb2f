import { z } from "zod";
import type { Command } from "../kernel";
import { WRITABLE_NOTE_TYPES, type NoteActor, type WritableNoteType } from "./events";

export const NOTE_MESSAGE_MAX = 5000;

export const NOTE_MESSAGES = {
  message: "Message is required",
  messageTooLong: `Message must be at most ${NOTE_MESSAGE_MAX} characters`,
  reason: "Reason is required",
  type: "Type must be Late, Away, Sick, Attending or Program/Event Note",
  participant: "Participant is required",
  note: "Note is required",
  comment: "Comment is required",
  roleIds: "Who can see this note? must be a list of user groups",
  attachment: "Attachment must be the stored path of an uploaded image",
  attachmentNotFound: "Attached image not found",
  attachmentNotImage: "The attached file must be a PNG, JPEG, GIF or WebP image",
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(NOTE_MESSAGE_MAX, { error: NOTE_MESSAGES.messageTooLong });

export const noteMessageSchema = requiredText(NOTE_MESSAGES.message);
export const noteReasonSchema = requiredText(NOTE_MESSAGES.reason);
export const noteIdSchema = z.string({ error: NOTE_MESSAGES.note }).trim().min(1, { error: NOTE_MESSAGES.note });
export const commentIdSchema = z.string({ error: NOTE_MESSAGES.comment }).trim().min(1, { error: NOTE_MESSAGES.comment });
export const noteParticipantIdSchema = z.string({ error: NOTE_MESSAGES.participant }).trim().min(1, { error: NOTE_MESSAGES.participant });
/** absent, null or '' is a note of no type */
export const noteTypeSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.enum(WRITABLE_NOTE_TYPES, { error: NOTE_MESSAGES.type }).nullable(),
);
export const roleIdsSchema = z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  z.array(z.string({ error: NOTE_MESSAGES.roleIds }).trim().min(1, { error: NOTE_MESSAGES.roleIds }), { error: NOTE_MESSAGES.roleIds }).max(50, { error: NOTE_MESSAGES.roleIds }),
);

/** An attached image's stored path (modules/uploads); '' or null: none. */
export const attachmentSchema = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string({ error: NOTE_MESSAGES.attachment }).trim().min(1, { error: NOTE_MESSAGES.attachment }).max(600, { error: NOTE_MESSAGES.attachment }).nullable(),
);

export const createNoteSchema = z.object({
  noteId: noteIdSchema,
  participantId: noteParticipantIdSchema,
  type: noteTypeSchema,
  message: noteMessageSchema,
  roleIds: roleIdsSchema,
  attachment: attachmentSchema.optional(),
});
/** roleIds absent: the visibility stays as it is; attachment absent: it stays, null: it is removed */
export const editNoteSchema = z.object({ noteId: noteIdSchema, message: noteMessageSchema, roleIds: roleIdsSchema.optional(), attachment: attachmentSchema.optional() });
export const archiveNoteSchema = z.object({ noteId: noteIdSchema, commentId: commentIdSchema, reason: noteReasonSchema });
export const noteRefSchema = z.object({ noteId: noteIdSchema });
export const addCommentSchema = z.object({ noteId: noteIdSchema, commentId: commentIdSchema, message: noteMessageSchema });
export const editCommentSchema = addCommentSchema;
export const deleteCommentSchema = z.object({ noteId: noteIdSchema, commentId: commentIdSchema, reason: noteReasonSchema });

/**
 * Facts the handler reads and the decider trusts: `actor` (who asks, from the session), `participantFound`
 * (the participant's stream, in the command's organization) and `flagNote` (the id names a flag on the
 * participant's flag stream: a flag note, which these commands may not change). Callers' values are replaced.
 */
type Facts = { actor: NoteActor; flagNote?: boolean };

/**
 * What the handler found for the attachment's stored path (the uploads stream `upload-{uploadId}`): a file
 * uploaded in the command's organization at exactly that path (`found`), and whether its bytes are an image.
 * Caller's values are replaced.
 */
export type AttachmentFacts = { found: boolean; image: boolean };

export type CreateNoteInput = {
  noteId: string;
  participantId: string;
  type?: WritableNoteType | null;
  message: string;
  roleIds?: string[];
  /** the attached image's stored path; absent or null: none */
  attachment?: string | null;
  attachmentFacts?: AttachmentFacts;
  participantFound?: boolean;
  actor: NoteActor;
};
/** `attachment`: absent, it stays; null, it is removed; a stored path, it replaces the attachment. */
export type EditNoteInput = { noteId: string; message: string; roleIds?: string[]; attachment?: string | null; attachmentFacts?: AttachmentFacts } & Facts;
export type ArchiveNoteInput = { noteId: string; commentId: string; reason: string } & Facts;
export type NoteRefInput = { noteId: string } & Facts;
export type CommentInput = { noteId: string; commentId: string; message: string } & Facts;
export type DeleteCommentInput = { noteId: string; commentId: string; reason: string } & Facts;

export type CreateNote = Command<"CreateNote", CreateNoteInput>;
export type EditNote = Command<"EditNote", EditNoteInput>;
export type ArchiveNote = Command<"ArchiveNote", ArchiveNoteInput>;
export type RestoreNote = Command<"RestoreNote", NoteRefInput>;
export type DeleteNote = Command<"DeleteNote", NoteRefInput>;
export type AddNoteComment = Command<"AddNoteComment", CommentInput>;
export type EditNoteComment = Command<"EditNoteComment", CommentInput>;
export type DeleteNoteComment = Command<"DeleteNoteComment", DeleteCommentInput>;

export type NoteCommand = CreateNote | EditNote | ArchiveNote | RestoreNote | DeleteNote | AddNoteComment | EditNoteComment | DeleteNoteComment;
