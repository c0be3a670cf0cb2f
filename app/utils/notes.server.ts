import { z } from "zod";
import { DomainError, idFrom, isUuid } from "#modules/kernel";
import {
  handleNoteCommand,
  noteIdSchema,
  commentIdSchema,
  type NoteActor,
  type NoteCommand,
  type NoteDeps,
  type NoteResult,
  withAttachmentUrls,
} from "#modules/notes";
import {
  NOTE_FILTERS,
  NOTE_PAGE_SIZES,
  flagNoteOwner,
  listNotes,
  noteById,
  noteComments,
  noteFilterCounts,
  type NoteViewer,
} from "#projections/notes";
import { userGroupIdOf } from "#projections/identity";
import { participantIdIn } from "#projections/participants";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { waitForProjection } from "./read-your-writes.server";
import { commandIdOf } from "#modules/identity";

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

const requiredId = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, { error: `${label} is required` });
const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
const noteNotFound = () => new DomainError("NOTE_NOT_FOUND", "Note not found", 404);

export const viewerOf = (auth: Auth): NoteViewer => ({ organizationId: auth.organization.id, userId: auth.user.id, level: auth.user.roleLevel });

/** Who acts, as they are now (their user group is read for the visibility rule). */
export async function actorOf(services: AppServices, auth: Auth): Promise<NoteActor> {
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

const depsOf = (services: AppServices, auth: Auth): NoteDeps => ({
  store: services.store,
  clock: services.clock,
  flagOwner: (noteId) => flagNoteOwner(services.db, auth.organization.id, noteId),
});


/** Handle, refuse as a DomainError, and wait until the notes read model shows the change (read your writes). */
async function run(services: AppServices, auth: Auth, command: NoteCommand): Promise<NoteResult & { ok: true }> {
  const result = await handleNoteCommand(depsOf(services, auth), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "notes", { atLeast: position });
  return result;
}

async function requireParticipant(services: AppServices, auth: Auth, participantId: string) {
  if (!isUuid(participantId)) throw participantNotFound();
  const id = await participantIdIn(services.db, auth.organization.id, participantId);
  if (!id) throw participantNotFound();
  return id;
}

/* ---------- reads ---------- */

const sortSchema = z
  .string()
  .trim()
  .regex(/^created_date(,(asc|desc))?$/i, { error: "Sort must be created_date,asc or created_date,desc" });

export const noteListQuerySchema = z.object({
  user_id: requiredId("User ID"),
  filter_id: z.enum(NOTE_FILTERS, { error: `Filter must be one of ${NOTE_FILTERS.join(", ")}` }).default("All Notes"),
  sort: sortSchema.optional(),
  direction: z.enum(["asc", "desc"], { error: "Direction must be asc or desc" }).optional(),
  search: z.string().max(200, { error: "Search must be at most 200 characters" }).optional(),
  page: z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).default(0),
  size: z.coerce
    .number({ error: "Size must be a number" })
    .refine((n) => (NOTE_PAGE_SIZES as readonly number[]).includes(n), { error: `Size must be one of ${NOTE_PAGE_SIZES.join(", ")}` })
    .default(10),
});

const paramsOf = (url: URL) => {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (value !== "") out[key] = value;
  return out;
};

/** GET /api/note: a page of the participant's notes (and flags as notes) this user may see. */
export async function getNotes(services: AppServices, auth: Auth, url: URL) {
  const q = noteListQuerySchema.parse(paramsOf(url));
  const participantId = await requireParticipant(services, auth, q.user_id);
  const direction = q.direction ?? ((q.sort?.split(",")[1]?.toLowerCase() as "asc" | "desc" | undefined) ?? "desc");
  const page = await listNotes(services.db, viewerOf(auth), { participantId, filter: q.filter_id, direction, search: q.search, page: q.page, size: q.size });
  return { ...page, data: await withAttachmentUrls(services, auth.organization.id, page.data) };
}

/** GET /api/note/filter/{userId}: the 'View Notes' choices, with this user's counts. */
export async function getNoteFilters(services: AppServices, auth: Auth, userId: string | undefined) {
  const participantId = await requireParticipant(services, auth, requiredId("User ID").parse(userId));
  return { data: await noteFilterCounts(services.db, viewerOf(auth), participantId) };
}

/** GET /api/note_report/{note_id}: one note; a note this user may not see is not found. */
export async function getNote(services: AppServices, auth: Auth, noteId: string | undefined) {
  const note = await noteById(services.db, viewerOf(auth), noteIdSchema.parse(noteId));
  if (!note) throw noteNotFound();
  return (await withAttachmentUrls(services, auth.organization.id, [note]))[0]!;
}

/** GET /api/note_comment_report?note_id=: the comments of a note this user may see, oldest first. */
export async function getNoteComments(services: AppServices, auth: Auth, url: URL) {
  const noteId = noteIdSchema.parse(url.searchParams.get("note_id") || undefined);
  const data = await noteComments(services.db, viewerOf(auth), noteId);
  if (!data) throw noteNotFound();
  return { data, count: data.length };
}

/* ---------- writes ---------- */

const body = z.object({}).passthrough();

export const createNoteBody = z.object({
  user_id: requiredId("User ID"),
  message: z.unknown().optional(),
  type: z.unknown().optional(),
  role_ids: z.unknown().optional(),
  /** the attached image: the stored path of a file uploaded with the upload link (GET /api/asset/upload/{path}, then PUT) */
  attachment: z.unknown().optional(),
});

const noteAfter = async (services: AppServices, auth: Auth, noteId: string) => {
  const note = await noteById(services.db, viewerOf(auth), noteId);
  return note ? (await withAttachmentUrls(services, auth.organization.id, [note]))[0]! : null;
};

/**
 * POST /api/note `{ user_id, message, type, role_ids, attachment }`; the module checks the message, type,
 * visibility and that the attachment is an image uploaded in this organization.
 */
export async function postNote(services: AppServices, auth: Auth, request: Request, input: unknown) {
  const b = createNoteBody.parse(input);
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
    metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  });
  return { message: NOTE_TOASTS.created, data: await noteAfter(services, auth, noteId) };
}

export const putNoteBody = z.object({
  id: noteIdSchema,
  action: z.enum(["Edit", "Archive", "Restore"], { error: "Action must be Edit, Archive or Restore" }),
  message: z.unknown().optional(),
  role_ids: z.unknown().optional(),
  status: z.unknown().optional(),
  comment_id: z.unknown().optional(),
  /** Edit: a new attached image (replaces the one there is) */
  attachment: z.unknown().optional(),
  /** Edit: true removes the attached image (an attachment sent with it replaces it instead) */
  remove_attachment: z.boolean({ error: "remove_attachment must be true or false" }).optional(),
});

/** Edit's attachment change: a new value replaces; remove_attachment alone removes; neither keeps it. */
const attachmentEdit = (b: z.infer<typeof putNoteBody>): string | null | undefined => {
  if (b.attachment !== undefined && b.attachment !== null && b.attachment !== "") return b.attachment as string;
  return b.remove_attachment === true ? null : undefined;
};

/**
 * PUT /api/note `{ id, action: Edit|Archive|Restore, message, role_ids, attachment, remove_attachment }`:
 * Archive's message is the reason.
 */
export async function putNote(services: AppServices, auth: Auth, request: Request, input: unknown) {
  const b = putNoteBody.parse(input);
  const commandId = commandIdOf(auth, request);
  const metadata = { commandId, organizationId: auth.organization.id, actorId: auth.user.id };
  const actor = await actorOf(services, auth);
  if (b.action === "Edit") {
    await run(services, auth, {
      type: "EditNote",
      data: { noteId: b.id, message: b.message as string, roleIds: b.role_ids as string[] | undefined, attachment: attachmentEdit(b), actor },
      metadata,
    });
    return { message: NOTE_TOASTS.updated, data: await noteAfter(services, auth, b.id) };
  }
  if (b.action === "Archive") {
    const commentId = idFrom("note-comment", b.id, commandId);
    await run(services, auth, { type: "ArchiveNote", data: { noteId: b.id, commentId, reason: b.message as string, actor }, metadata });
    return { message: NOTE_TOASTS.archived, hint: NOTE_TOASTS.archivedHint, data: await noteAfter(services, auth, b.id) };
  }
  await run(services, auth, { type: "RestoreNote", data: { noteId: b.id, actor }, metadata });
  return { message: NOTE_TOASTS.restored, data: await noteAfter(services, auth, b.id) };
}

/** The id of a DELETE: in the JSON body or the query. */
const deleteInput = (url: URL, input: unknown) => ({ ...paramsOf(url), ...(body.safeParse(input).data ?? {}) });

/** DELETE /api/note `{ id }` (or ?id=). */
export async function deleteNote(services: AppServices, auth: Auth, request: Request, input: unknown) {
  const { id } = z.object({ id: noteIdSchema }).parse(deleteInput(new URL(request.url), input));
  await run(services, auth, {
    type: "DeleteNote",
    data: { noteId: id, actor: await actorOf(services, auth) },
    metadata: { commandId: commandIdOf(auth, request), organizationId: auth.organization.id, actorId: auth.user.id },
  });
  return { message: NOTE_TOASTS.deleted };
}

/** POST /api/note/comment `{ note_id, message }`. */
export async function postComment(services: AppServices, auth: Auth, request: Request, input: unknown) {
  const b = z.object({ note_id: noteIdSchema, message: z.unknown().optional() }).parse(input);
  const commandId = commandIdOf(auth, request);
  const commentId = idFrom("note-comment", b.note_id, commandId);
  await run(services, auth, {
    type: "AddNoteComment",
    data: { noteId: b.note_id, commentId, message: b.message as string, actor: await actorOf(services, auth) },
    metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  });
  return { message: NOTE_TOASTS.commentCreated, id: commentId };
}

/** PUT /api/note/comment `{ note_id, comment_id, message, action: Edit }`. */
export async function putComment(services: AppServices, auth: Auth, request: Request, input: unknown) {
  const b = z
    .object({
      note_id: noteIdSchema,
      comment_id: commentIdSchema,
      message: z.unknown().optional(),
      action: z.literal("Edit", { error: "Action must be Edit" }).default("Edit"),
    })
    .parse(input);
  await run(services, auth, {
    type: "EditNoteComment",
    data: { noteId: b.note_id, commentId: b.comment_id, message: b.message as string, actor: await actorOf(services, auth) },
    metadata: { commandId: commandIdOf(auth, request), organizationId: auth.organization.id, actorId: auth.user.id },
  });
  return { message: NOTE_TOASTS.commentUpdated };
}

/** DELETE /api/note/comment `{ id, note_id, confirmation }` (the confirmation is the reason). */
export async function deleteComment(services: AppServices, auth: Auth, request: Request, input: unknown) {
  const b = z
    .object({ id: commentIdSchema, note_id: noteIdSchema, confirmation: z.unknown().optional() })
    .parse(deleteInput(new URL(request.url), input));
  await run(services, auth, {
    type: "DeleteNoteComment",
    data: { noteId: b.note_id, commentId: b.id, reason: b.confirmation as string, actor: await actorOf(services, auth) },
    metadata: { commandId: commandIdOf(auth, request), organizationId: auth.organization.id, actorId: auth.user.id },
  });
  return { message: NOTE_TOASTS.commentDeleted };
}
