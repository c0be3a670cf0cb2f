import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

/**
 * Staff, levels 2-6, not the kiosk (as the flag calls). Who may do what to a given note (author, admin,
 * status) is the notes module's decision, and which notes one sees is the read model's visibility rule.
 */
const NOTES = { auth: "required", level: LEVELS.staff } as const satisfies AccessRule;

/** The notes and comments calls (spec-2 section 7, "Notes, comments and flags"). */
export const NOTE_API_ROUTES = [
  {
    id: "note-list",
    method: "GET",
    path: "/api/note",
    description: "A participant's notes, paged: user_id, filter_id (default All Notes), sort on created_date, search on message, page, size.",
    rule: NOTES,
  },
  {
    id: "note-create",
    method: "POST",
    path: "/api/note",
    description: "Write a note: user_id, message, type, role_ids ('Who can see this note?', admins only).",
    rule: NOTES,
  },
  {
    id: "note-update",
    method: "PUT",
    path: "/api/note",
    description: "Edit (author only), Archive with a reason (admin or author) or Restore (admin only) a note: id, action, message.",
    rule: NOTES,
  },
  {
    id: "note-delete",
    method: "DELETE",
    path: "/api/note",
    description: "Delete a note (admin or author; not flag or warn notes): id.",
    rule: NOTES,
  },
  {
    id: "note-filters",
    method: "GET",
    path: "/api/note/filter/:userId",
    description: "The 'View Notes' filter options of a participant's notes, with counts.",
    rule: NOTES,
  },
  {
    id: "note-report",
    method: "GET",
    path: "/api/note_report/:noteId",
    description: "One note.",
    rule: NOTES,
  },
  {
    id: "note-comment-report",
    method: "GET",
    path: "/api/note_comment_report",
    description: "A note's comments (?note_id=).",
    rule: NOTES,
  },
  {
    id: "note-comment-create",
    method: "POST",
    path: "/api/note/comment",
    description: "Comment on an active note: note_id, message.",
    rule: NOTES,
  },
  {
    id: "note-comment-update",
    method: "PUT",
    path: "/api/note/comment",
    description: "Edit one's own comment: note_id, comment_id, message, action Edit.",
    rule: NOTES,
  },
  {
    id: "note-comment-delete",
    method: "DELETE",
    path: "/api/note/comment",
    description: "Delete a comment with a reason (author or admin): id, note_id, confirmation.",
    rule: NOTES,
  },
] as const satisfies readonly ApiRoute[];
