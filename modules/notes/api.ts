import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, signedIn, type ApiRow } from "../identity";
import { createCommentBody, createNoteBody, deleteCommentQuery, deleteInputOf, deleteNoteQuery, editCommentBody, noteCommentsQuery, noteListQuery, updateNoteBody } from "./commands";
import { commentsOf, noteFiltersOf, noteReport, notesOf } from "./service-reads";
import { createComment, createNote, deleteComment, deleteNote, editComment, updateNote } from "./service-writes";

/** GET /api/note's answer (decision 081): notes and flags visible to the caller, with the filter used. */
const NOTES_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    participant_id: z.string(),
    message: z.string(),
    type: z.string().nullable(),
    status: z.enum(["Active", "Archive"]),
    is_flag_note: z.boolean(),
    created_date: z.string(),
    role_ids: z.array(z.string()),
  }),
  z.looseObject({ filter_id: z.string() }),
);

/**
 * Staff, levels 2-6, not the kiosk (as the flag calls). Who may do what to a given note (author, admin,
 * status) is the notes decider's, and which notes one sees is the read model's visibility rule.
 */
const NOTES = { auth: "required", level: LEVELS.staff } as const;

/** The notes and comments calls (spec-2 section 7, "Notes, comments and flags"), rows of the one /api table. */
export const notesApi: readonly ApiRow[] = [
  apiRow({
    id: "note-list",
    method: "GET",
    path: "/api/note",
    description: "A participant's notes, paged: user_id, filter_id (default All Notes), sort on created_date, search on message, page, size.",
    rule: NOTES,
    query: noteListQuery,
    answers: { description: "{ data, count, additional_info: { filter_id } }", schema: NOTES_ANSWER },
    handle: (ctx) => notesOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "note-create",
    method: "POST",
    path: "/api/note",
    description: "Write a note: user_id, message, type, role_ids ('Who can see this note?', admins only).",
    rule: NOTES,
    body: createNoteBody,
    answers: { description: "{ message, data: note }" },
    handle: (ctx) => createNote(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "note-update",
    method: "PUT",
    path: "/api/note",
    description: "Edit (author only), Archive with a reason (admin or author) or Restore (admin only) a note: id, action, message.",
    rule: NOTES,
    body: updateNoteBody,
    answers: { description: "{ message, hint?, data: note }" },
    handle: (ctx) => updateNote(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "note-delete",
    method: "DELETE",
    path: "/api/note",
    description: "Delete a note (admin or author; not flag or warn notes): id, in the JSON body or the query.",
    rule: NOTES,
    query: deleteNoteQuery,
    answers: { description: "{ message }" },
    handle: (ctx) => deleteNote(ctx.services, signedIn(ctx), deleteInputOf(ctx.query, ctx.body), ctx.request),
  }),
  apiRow({
    id: "note-filters",
    method: "GET",
    path: "/api/note/filter/:userId",
    description: "The 'View Notes' filter options of a participant's notes, with counts.",
    rule: NOTES,
    answers: { description: "{ data: [{ id, name, count }] }" },
    handle: (ctx) => noteFiltersOf(ctx.services, signedIn(ctx), ctx.params.userId),
  }),
  apiRow({
    id: "note-report",
    method: "GET",
    path: "/api/note_report/:noteId",
    description: "One note.",
    rule: NOTES,
    answers: { description: "The note" },
    handle: (ctx) => noteReport(ctx.services, signedIn(ctx), ctx.params.noteId),
  }),
  apiRow({
    id: "note-comment-report",
    method: "GET",
    path: "/api/note_comment_report",
    description: "A note's comments (?note_id=).",
    rule: NOTES,
    query: noteCommentsQuery,
    answers: { description: "{ data, count }" },
    handle: (ctx) => commentsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "note-comment-create",
    method: "POST",
    path: "/api/note/comment",
    description: "Comment on an active note: note_id, message.",
    rule: NOTES,
    body: createCommentBody,
    answers: { description: "{ message, id }" },
    handle: (ctx) => createComment(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "note-comment-update",
    method: "PUT",
    path: "/api/note/comment",
    description: "Edit one's own comment: note_id, comment_id, message, action Edit.",
    rule: NOTES,
    body: editCommentBody,
    answers: { description: "{ message }" },
    handle: (ctx) => editComment(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "note-comment-delete",
    method: "DELETE",
    path: "/api/note/comment",
    description: "Delete a comment with a reason (author or admin): id, note_id, confirmation, in the JSON body or the query.",
    rule: NOTES,
    query: deleteCommentQuery,
    answers: { description: "{ message }" },
    handle: (ctx) => deleteComment(ctx.services, signedIn(ctx), deleteInputOf(ctx.query, ctx.body), ctx.request),
  }),
];
