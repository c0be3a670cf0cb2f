import { commandIdOf, type Auth, type Services } from "../identity";
import { idFrom } from "../kernel";
import { flagNoteOwner } from "../../projections/notes";
import { userGroupIdOf } from "../../projections/identity";
import { waitForProjection } from "../../projections/runner";
import { deleteCommentInput, deleteNoteInput, type CreateCommentBody, type CreateNoteBody, type EditCommentBody, type UpdateNoteBody, type NoteCommand } from "./commands";
import type { NoteActor } from "./events";
import { handleNoteCommand, type NoteDeps, type NoteResult } from "./handlers";
import { visibleNote } from "./service-reads";

/** The success messages of spec-2 section 8 (and section 7's generic '{Entity} successfully ...'). */
export const NOTE_TOASTS = {
  created: "Note successfully created",
  updated: "Note successfully updated",
  archived: "Note Archived",
  archivedHint: "You can restore a note anytime by going to Archived Notes.",
  restored: "Note successfully restored",
  deleted: "Note successfully deleted",
  commentCreated: "Comment successfully created",
  commentUpdated: "Comment successfully updated",
  commentDeleted: "Comment successfully deleted",
} as const;

/** Who acts, as they are now (their user group is read for the visibility rule). */
async function actorOf(services: Services, auth: Auth): Promise<NoteActor> {
  const groupId = await userGroupIdOf(services.db, auth.user.id);
  return {
    userId: auth.user.id,
    fullName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
    roleName: auth.user.roleName,
    roleDisplayName: auth.user.roleDisplayName,
    level: auth.user.roleLevel,
    groupId,
  };
}

const depsOf = (services: Services, auth: Auth): NoteDeps => ({
  store: services.store,
  clock: services.clock,
  flagOwner: (noteId) => flagNoteOwner(services.db, auth.organization.id, noteId),
});

const metadataOf = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });

/** Handle, refuse as a DomainError, and wait until the notes read model shows the change (read your writes). */
async function run(services: Services, auth: Auth, command: NoteCommand): Promise<NoteResult & { ok: true }> {
  const result = await handleNoteCommand(depsOf(services, auth), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "notes", { atLeast: position });
  return result;
}

/** POST /api/note: a new note about a participant. */
export async function createNote(services: Services, auth: Auth, b: CreateNoteBody, request: Request) {
  const commandId = commandIdOf(auth, request);
  const noteId = idFrom("note", auth.organization.id, commandId);
  await run(services, auth, {
    type: "CreateNote",
    data: {
      noteId,
      participantId: b.user_id,
      type: b.type as never,
      message: b.message as string,
      roleIds: b.role_ids as string[],
      attachment: b.attachment as string | null | undefined,
      actor: await actorOf(services, auth),
    },
    metadata: metadataOf(auth, commandId),
  });
  return { message: NOTE_TOASTS.created, data: await visibleNote(services, auth, noteId) };
}

/** Edit's attachment change: a new value replaces; remove_attachment alone removes; neither keeps it. */
const attachmentEdit = (b: UpdateNoteBody): string | null | undefined => {
  if (b.attachment !== undefined && b.attachment !== null && b.attachment !== "") return b.attachment as string;
  return b.remove_attachment === true ? null : undefined;
};

/** PUT /api/note: Edit (author only), Archive with a reason (admin or author) or Restore (admin only). */
export async function updateNote(services: Services, auth: Auth, b: UpdateNoteBody, request: Request) {
  const commandId = commandIdOf(auth, request);
  const metadata = metadataOf(auth, commandId);
  const actor = await actorOf(services, auth);
  if (b.action === "Edit") {
    await run(services, auth, {
      type: "EditNote",
      data: { noteId: b.id, message: b.message as string, roleIds: b.role_ids as string[] | undefined, attachment: attachmentEdit(b), actor },
      metadata,
    });
    return { message: NOTE_TOASTS.updated, data: await visibleNote(services, auth, b.id) };
  }
  if (b.action === "Archive") {
    const commentId = idFrom("note-comment", b.id, commandId);
    await run(services, auth, { type: "ArchiveNote", data: { noteId: b.id, commentId, reason: b.message as string, actor }, metadata });
    return { message: NOTE_TOASTS.archived, hint: NOTE_TOASTS.archivedHint, data: await visibleNote(services, auth, b.id) };
  }
  await run(services, auth, { type: "RestoreNote", data: { noteId: b.id, actor }, metadata });
  return { message: NOTE_TOASTS.restored, data: await visibleNote(services, auth, b.id) };
}

/** DELETE /api/note `{ id }` (or ?id=). `input`: the query and the body, as deleteInputOf joins them. */
export async function deleteNote(services: Services, auth: Auth, input: unknown, request: Request) {
  const { id } = deleteNoteInput.parse(input);
  await run(services, auth, { type: "DeleteNote", data: { noteId: id, actor: await actorOf(services, auth) }, metadata: metadataOf(auth, commandIdOf(auth, request)) });
  return { message: NOTE_TOASTS.deleted };
}

/** POST /api/note/comment: a comment on an active note. */
export async function createComment(services: Services, auth: Auth, b: CreateCommentBody, request: Request) {
  const commandId = commandIdOf(auth, request);
  const commentId = idFrom("note-comment", b.note_id, commandId);
  await run(services, auth, {
    type: "AddNoteComment",
    data: { noteId: b.note_id, commentId, message: b.message as string, actor: await actorOf(services, auth) },
    metadata: metadataOf(auth, commandId),
  });
  return { message: NOTE_TOASTS.commentCreated, id: commentId };
}

/** PUT /api/note/comment: one's own comment edited. */
export async function editComment(services: Services, auth: Auth, b: EditCommentBody, request: Request) {
  await run(services, auth, {
    type: "EditNoteComment",
    data: { noteId: b.note_id, commentId: b.comment_id, message: b.message as string, actor: await actorOf(services, auth) },
    metadata: metadataOf(auth, commandIdOf(auth, request)),
  });
  return { message: NOTE_TOASTS.commentUpdated };
}

/** DELETE /api/note/comment `{ id, note_id, confirmation }` (the confirmation is the reason), from the query and the body joined. */
export async function deleteComment(services: Services, auth: Auth, input: unknown, request: Request) {
  const b = deleteCommentInput.parse(input);
  await run(services, auth, {
    type: "DeleteNoteComment",
    data: { noteId: b.note_id, commentId: b.id, reason: b.confirmation as string, actor: await actorOf(services, auth) },
    metadata: metadataOf(auth, commandIdOf(auth, request)),
  });
  return { message: NOTE_TOASTS.commentDeleted };
}
