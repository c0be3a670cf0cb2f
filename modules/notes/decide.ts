import { DomainError, validationError, type Decider } from "../kernel";
import {
  addCommentSchema,
  archiveNoteSchema,
  createNoteSchema,
  deleteCommentSchema,
  editCommentSchema,
  editNoteSchema,
  noteRefSchema,
  NOTE_MESSAGES,
  type AttachmentFacts,
  type NoteCommand,
} from "./commands";
import { isNoteAdmin, type NoteActor, type NoteEvent, type NoteStatus, type WritableNoteType } from "./events";

export type NoteCommentState = { authorId: string | null; message: string; deleted: boolean };

/** A note now: absent until created, `deleted` once deleted (a deleted note answers as not found). */
export type NoteState = {
  exists: boolean;
  deleted: boolean;
  noteId: string | null;
  organizationId: string | null;
  participantId: string | null;
  authorId: string | null;
  type: WritableNoteType | null;
  status: NoteStatus;
  message: string;
  roleIds: string[];
  /** the attached image's stored path, or null */
  attachment: string | null;
  comments: Record<string, NoteCommentState>;
};

export const initialNoteState = (): NoteState => ({
  exists: false,
  deleted: false,
  noteId: null,
  organizationId: null,
  participantId: null,
  authorId: null,
  type: null,
  status: "Active",
  message: "",
  roleIds: [],
  attachment: null,
  comments: {},
});

export const COMMENTS_DISABLED = "Comments disabled for archived notes";

export const noteNotFound = () => new DomainError("NOTE_NOT_FOUND", "Note not found", 404);
export const noteParticipantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const commentNotFound = () => new DomainError("COMMENT_NOT_FOUND", "Comment not found", 404);
export const noteExists = () => new DomainError("NOTE_EXISTS", "This note exists already", 409);
export const commentExists = () => new DomainError("COMMENT_EXISTS", "This comment exists already", 409);
export const notNoteAuthor = () => new DomainError("NOT_NOTE_AUTHOR", "Only the author can edit this note", 403);
export const noteNotActive = () => new DomainError("NOTE_NOT_ACTIVE", "Only active notes can be edited", 409);
export const archiveForbidden = () => new DomainError("FORBIDDEN", "Only an admin or the author can archive this note", 403);
export const noteAlreadyArchived = () => new DomainError("NOTE_ARCHIVED", "This note is archived already", 409);
export const restoreForbidden = () => new DomainError("FORBIDDEN", "Only an admin can restore a note", 403);
export const noteNotArchived = () => new DomainError("NOTE_NOT_ARCHIVED", "Only archived notes can be restored", 409);
export const deleteForbidden = () => new DomainError("FORBIDDEN", "Only an admin or the author can delete this note", 403);
export const commentsDisabled = () => new DomainError("COMMENTS_DISABLED", COMMENTS_DISABLED, 409);
export const notCommentAuthor = () => new DomainError("NOT_COMMENT_AUTHOR", "Only the author can edit this comment", 403);
export const commentDeleteForbidden = () => new DomainError("FORBIDDEN", "Only an admin or the author can delete this comment", 403);
export const attachmentNotFound = () => new DomainError("ATTACHMENT_NOT_FOUND", NOTE_MESSAGES.attachmentNotFound, 404);
export const attachmentNotImage = () => new DomainError("ATTACHMENT_NOT_IMAGE", NOTE_MESSAGES.attachmentNotImage, 400);
export const flagNoteRefused = (what: "edited" | "archived" | "restored" | "deleted" | "commented") =>
  new DomainError(
    "FLAG_NOTE",
    what === "commented" ? "Comments are not available on flag and warn notes" : `Flag and warn notes cannot be ${what}; resolve the flag instead`,
    409,
  );

export function evolve(state: NoteState, event: NoteEvent): NoteState {
  switch (event.type) {
    case "NoteCreated": {
      const d = event.data;
      if (state.exists) return state;
      return {
        ...state,
        exists: true,
        noteId: d.noteId,
        organizationId: d.organizationId,
        participantId: d.participantId,
        authorId: d.author.userId,
        type: d.type,
        status: "Active",
        message: d.message,
        roleIds: [...d.roleIds],
        attachment: d.attachment ?? null,
      };
    }
    case "NoteEdited": {
      const d = event.data;
      // events written before attachments (or edits that left it) carry no attachment: it stays
      return { ...state, message: d.message, roleIds: [...d.roleIds], attachment: d.attachment === undefined ? state.attachment : d.attachment };
    }
    case "NoteArchived": {
      const d = event.data;
      return { ...state, status: "Archive", comments: { ...state.comments, [d.commentId]: { authorId: d.by.userId, message: d.reason, deleted: false } } };
    }
    case "NoteRestored":
      return { ...state, status: "Active" };
    case "NoteDeleted":
      return { ...state, deleted: true };
    case "NoteCommentAdded": {
      const d = event.data;
      return { ...state, comments: { ...state.comments, [d.commentId]: { authorId: d.by.userId, message: d.message, deleted: false } } };
    }
    case "NoteCommentEdited": {
      const d = event.data;
      const comment = state.comments[d.commentId];
      return comment ? { ...state, comments: { ...state.comments, [d.commentId]: { ...comment, message: d.message } } } : state;
    }
    case "NoteCommentDeleted": {
      const d = event.data;
      const comment = state.comments[d.commentId];
      return comment ? { ...state, comments: { ...state.comments, [d.commentId]: { ...comment, deleted: true } } } : state;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const unique = (ids: readonly string[]) => [...new Set(ids)];
/**
 * An attached image must be a file uploaded in the command's organization (404 otherwise, as another
 * organization's file is everywhere) whose bytes are an image (400). The handler reads the facts.
 */
function attachmentRefused(attachment: string | null | undefined, facts: AttachmentFacts | undefined): DomainError | null {
  if (attachment === undefined || attachment === null) return null;
  if (facts?.found !== true) return attachmentNotFound();
  if (!facts.image) return attachmentNotImage();
  return null;
}

const isAuthor = (state: NoteState, actor: NoteActor) => actor.userId !== null && actor.userId === state.authorId;

/** The note's visibility: admins, the author, and (when groups are listed) their members; else every staff member. */
export const canSeeNote = (state: Pick<NoteState, "authorId" | "roleIds">, actor: NoteActor) =>
  isNoteAdmin(actor.level) || isAuthor(state as NoteState, actor) || state.roleIds.length === 0 || (!!actor.groupId && state.roleIds.includes(actor.groupId));

/** The comment an edit or delete acts on: on a note that is there and active, not deleted; or why not. */
function liveComment(state: NoteState, command: Parameters<typeof found>[1], commentId: string): DomainError | NoteCommentState {
  const missing = found(state, command, "commented");
  if (missing) return missing;
  if (state.status !== "Active") return commentsDisabled();
  const comment = state.comments[commentId];
  return !comment || comment.deleted ? commentNotFound() : comment;
}

/**
 * The note the command is about: in the command's organization, not deleted, and one the actor may see
 * (a note hidden from them is not found, as it is in every list); a flag note is refused as `what`.
 */
function found(state: NoteState, command: { metadata: { organizationId: string | null }; data: { flagNote?: boolean; actor: NoteActor } }, what: Parameters<typeof flagNoteRefused>[0]): DomainError | null {
  const organizationId = command.metadata.organizationId;
  if (state.exists && !state.deleted && state.organizationId !== null && state.organizationId === organizationId) {
    return canSeeNote(state, command.data.actor) ? null : noteNotFound();
  }
  if (!state.exists && command.data.flagNote === true) return flagNoteRefused(what);
  return noteNotFound();
}

/**
 * Pure. Bad input first (400 VALIDATION), then a note not found in the organization (404; a flag note is
 * refused with 409 FLAG_NOTE), then who may (403), then the note's status (409). Spec-2 sections 4 and 6:
 * edit is author-only on active notes; archive (with a reason) is for the admin or the author on active
 * notes; restore is admin only; delete is for the admin or the author; comments are refused on archived
 * notes, edited by their author only and deleted (with a reason) by the author or an admin.
 */
export function decide(state: NoteState, command: NoteCommand, _now: Date): NoteEvent[] | DomainError {
  const organizationId = command.metadata.organizationId;
  switch (command.type) {
    case "CreateNote": {
      const parsed = createNoteSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      if (command.data.participantFound !== true || organizationId === null) return noteParticipantNotFound();
      if (state.exists) return noteExists();
      const { actor } = command.data;
      const { noteId, participantId, type, message, attachment } = parsed.data;
      const refused = attachmentRefused(attachment, command.data.attachmentFacts);
      if (refused) return refused;
      // 'Who can see this note?' is an admin's picker (spec-2 section 2): others' notes are seen by all staff
      const roleIds = isNoteAdmin(actor.level) ? unique(parsed.data.roleIds) : [];
      return [{ type: "NoteCreated", data: { noteId, participantId, organizationId, type, message, roleIds, author: actor, ...(attachment ? { attachment } : {}) } }];
    }
    case "EditNote": {
      const parsed = editNoteSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const missing = found(state, command, "edited");
      if (missing) return missing;
      const { actor } = command.data;
      if (!isAuthor(state, actor)) return notNoteAuthor();
      if (state.status !== "Active") return noteNotActive();
      const roleIds = parsed.data.roleIds !== undefined && isNoteAdmin(actor.level) ? unique(parsed.data.roleIds) : state.roleIds;
      const attachment = parsed.data.attachment === undefined ? state.attachment : parsed.data.attachment;
      const attachmentChanged = attachment !== state.attachment;
      if (attachmentChanged) {
        const refused = attachmentRefused(attachment, command.data.attachmentFacts);
        if (refused) return refused;
      }
      if (parsed.data.message === state.message && sameIds(roleIds, state.roleIds) && !attachmentChanged) return [];
      return [
        {
          type: "NoteEdited",
          data: {
            noteId: parsed.data.noteId,
            message: parsed.data.message,
            roleIds,
            previousMessage: state.message,
            previousRoleIds: state.roleIds,
            by: actor,
            ...(attachmentChanged ? { attachment, previousAttachment: state.attachment } : {}),
          },
        },
      ];
    }
    case "ArchiveNote": {
      const parsed = archiveNoteSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const missing = found(state, command, "archived");
      if (missing) return missing;
      const { actor } = command.data;
      if (!isNoteAdmin(actor.level) && !isAuthor(state, actor)) return archiveForbidden();
      if (state.status !== "Active") return noteAlreadyArchived();
      if (state.comments[parsed.data.commentId]) return commentExists();
      return [{ type: "NoteArchived", data: { ...parsed.data, by: actor } }];
    }
    case "RestoreNote": {
      const parsed = noteRefSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const missing = found(state, command, "restored");
      if (missing) return missing;
      const { actor } = command.data;
      if (!isNoteAdmin(actor.level)) return restoreForbidden();
      if (state.status !== "Archive") return noteNotArchived();
      return [{ type: "NoteRestored", data: { noteId: parsed.data.noteId, by: actor } }];
    }
    case "DeleteNote": {
      const parsed = noteRefSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const missing = found(state, command, "deleted");
      if (missing) return missing;
      const { actor } = command.data;
      if (!isNoteAdmin(actor.level) && !isAuthor(state, actor)) return deleteForbidden();
      return [{ type: "NoteDeleted", data: { noteId: parsed.data.noteId, by: actor } }];
    }
    case "AddNoteComment": {
      const parsed = addCommentSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const missing = found(state, command, "commented");
      if (missing) return missing;
      if (state.status !== "Active") return commentsDisabled();
      if (state.comments[parsed.data.commentId]) return commentExists();
      return [{ type: "NoteCommentAdded", data: { ...parsed.data, by: command.data.actor } }];
    }
    case "EditNoteComment": {
      const parsed = editCommentSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const comment = liveComment(state, command, parsed.data.commentId);
      if (comment instanceof DomainError) return comment;
      const { actor } = command.data;
      if (actor.userId === null || comment.authorId !== actor.userId) return notCommentAuthor();
      if (comment.message === parsed.data.message) return [];
      return [{ type: "NoteCommentEdited", data: { ...parsed.data, previousMessage: comment.message, by: actor } }];
    }
    case "DeleteNoteComment": {
      const parsed = deleteCommentSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const comment = liveComment(state, command, parsed.data.commentId);
      if (comment instanceof DomainError) return comment;
      const { actor } = command.data;
      const own = actor.userId !== null && comment.authorId === actor.userId;
      if (!own && !isNoteAdmin(actor.level)) return commentDeleteForbidden();
      return [{ type: "NoteCommentDeleted", data: { ...parsed.data, by: actor } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const noteDecider: Decider<NoteState, NoteCommand, NoteEvent> = { initialState: initialNoteState, evolve, decide };
