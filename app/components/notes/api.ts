import dayjs from "dayjs";
import type { NoteCommentRow, NoteFilter, NoteRow } from "#projections/notes";

import { apiGet, apiSend } from "~/components/api-client";
import { isAdminOrAbove } from "#modules/identity/client";

/** Type-only: the shapes the notes calls answer. */
export type { NoteCommentRow, NoteFilter, NoteRow };
export type NoteList = { data: NoteRow[]; count: number };
export type NoteFilterOption = { id: NoteFilter; name: NoteFilter; count: number };
export type Mutation = { message: string; hint?: string; data?: NoteRow | null; id?: string };

/** Who looks at the notes: the actions a card offers follow the module's rules (the server decides again). */
export type NotesViewer = { userId: string; level: number };
export const isNoteAdmin = (level: number) => isAdminOrAbove(level);

export const NOTE_FILTER_IDS = ["All Notes", "Flag Notes", "Warn Notes", "Program/Event Notes", "Archived Notes"] as const satisfies readonly NoteFilter[];
export const NOTE_TYPES = ["Late", "Away", "Sick", "Attending", "Program/Event Note"] as const;
export const NOTE_PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const NOTE_SEARCH_DEBOUNCE_MS = 1000;
export const COMMENTS_DISABLED_TEXT = "Comments disabled for archived notes";

export { ApiError as NotesApiError } from "~/components/api-client";

const send = apiSend;

export type NoteQuery = { participantId: string; filter: NoteFilter; direction: "asc" | "desc"; search: string; page: number; size: number };

export function fetchNotes(q: NoteQuery): Promise<NoteList> {
  const params = new URLSearchParams({ user_id: q.participantId, filter_id: q.filter, sort: `created_date,${q.direction}`, page: String(q.page), size: String(q.size) });
  if (q.search.trim()) params.set("search", q.search.trim());
  return apiGet<NoteList>(`/api/note?${params}`);
}
export const fetchNoteFilters = (participantId: string) => apiGet<{ data: NoteFilterOption[] }>(`/api/note/filter/${participantId}`);
export const fetchComments = (noteId: string) => apiGet<{ data: NoteCommentRow[]; count: number }>(`/api/note_comment_report?note_id=${encodeURIComponent(noteId)}`);

/** `attachment`: the stored path of an image uploaded with the upload link (no third step: the note keeps it). */
export const createNote = (body: { user_id: string; message: string; type: string | null; role_ids?: string[]; attachment?: string }) => send<Mutation>("POST", "/api/note", body);
/** `attachment`: undefined keeps the attached image, null removes it (remove_attachment), a stored path replaces it. */
export const editNote = (id: string, message: string, roleIds?: string[], attachment?: string | null) =>
  send<Mutation>("PUT", "/api/note", {
    id,
    action: "Edit",
    message,
    role_ids: roleIds,
    ...(attachment === null ? { remove_attachment: true } : attachment !== undefined ? { attachment } : {}),
  });
export const archiveNote = (id: string, reason: string) => send<Mutation>("PUT", "/api/note", { id, action: "Archive", message: reason });
export const restoreNote = (id: string) => send<Mutation>("PUT", "/api/note", { id, action: "Restore" });
export const deleteNote = (id: string) => send<Mutation>("DELETE", "/api/note", { id });
export const addComment = (noteId: string, message: string) => send<Mutation>("POST", "/api/note/comment", { note_id: noteId, message });
export const editComment = (noteId: string, commentId: string, message: string) => send<Mutation>("PUT", "/api/note/comment", { note_id: noteId, comment_id: commentId, message, action: "Edit" });
/** POST /api/note/flag: raise ('Flag This Member') or resolve ('Resolve Flag') a stop or warn flag. */
export const postFlag = (body: { user_id: string; message: string; type: "stop" | "warn"; action: "Flag" | "Unflag" }) => send<Mutation>("POST", "/api/note/flag", body);
export const deleteComment = (noteId: string, commentId: string, reason: string) => send<Mutation>("DELETE", "/api/note/comment", { id: commentId, note_id: noteId, confirmation: reason });

/** Note dates read MM/DD/YYYY at hh:mm A (spec-2 section 9). */
export const noteDate = (iso: string) => dayjs(iso).format("MM/DD/YYYY [at] hh:mm A");
/** 'Edited': updated_date differs from created_date and the note is not archived (spec-2 section 2). */
export const isEdited = (note: Pick<NoteRow, "updated_date" | "created_date" | "status">) => note.status !== "Archive" && note.updated_date !== note.created_date;
