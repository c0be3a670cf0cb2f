import dayjs from "dayjs";
import type { NoteCommentRow, NoteFilter, NoteRow } from "../../../projections/notes/queries";

/** Type-only: the shapes the notes calls answer. */
export type { NoteCommentRow, NoteFilter, NoteRow };
export type NoteList = { data: NoteRow[]; count: number };
export type NoteFilterOption = { id: NoteFilter; name: NoteFilter; count: number };
export type Mutation = { message: string; hint?: string; data?: NoteRow | null; id?: string };

/** Who looks at the notes: the actions a card offers follow the module's rules (the server decides again). */
export type NotesViewer = { userId: string; level: number };
export const isNoteAdmin = (level: number) => level >= 3 && level <= 6;

export const NOTE_FILTER_IDS = ["All Notes", "Flag Notes", "Warn Notes", "Program/Event Notes", "Archived Notes"] as const satisfies readonly NoteFilter[];
export const NOTE_TYPES = ["Late", "Away", "Sick", "Attending", "Program/Event Note"] as const;
export const NOTE_PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const NOTE_SEARCH_DEBOUNCE_MS = 1000;
export const COMMENTS_DISABLED_TEXT = "Comments disabled for archived notes";

/** A refusal the API answered: `{ code, message }` with its status. */
export class NotesApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text().catch(() => "");
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as { code?: string; message?: string };
    throw new NotesApiError(response.status, error.code ?? String(response.status), error.message ?? "Please try again or contact support for help");
  }
  return parsed as T;
}

async function csrf(refresh = false): Promise<string> {
  if (csrfToken && !refresh) return csrfToken;
  csrfToken = (await call<{ csrf: string }>("GET", "/api/auth/csrf")).csrf;
  return csrfToken;
}

/** A state-changing call with the CSRF header (refreshed once on EBADCSRFTOKEN). */
async function send<T>(method: "POST" | "PUT" | "DELETE", path: string, body: unknown): Promise<T> {
  try {
    return await call<T>(method, path, body, { "x-csrf-token": await csrf() });
  } catch (error) {
    if (!(error instanceof NotesApiError) || error.code !== "EBADCSRFTOKEN") throw error;
    return call<T>(method, path, body, { "x-csrf-token": await csrf(true) });
  }
}

export type NoteQuery = { participantId: string; filter: NoteFilter; direction: "asc" | "desc"; search: string; page: number; size: number };

export function fetchNotes(q: NoteQuery): Promise<NoteList> {
  const params = new URLSearchParams({ user_id: q.participantId, filter_id: q.filter, sort: `created_date,${q.direction}`, page: String(q.page), size: String(q.size) });
  if (q.search.trim()) params.set("search", q.search.trim());
  return call("GET", `/api/note?${params}`);
}
export const fetchNoteFilters = (participantId: string) => call<{ data: NoteFilterOption[] }>("GET", `/api/note/filter/${participantId}`);
export const fetchComments = (noteId: string) => call<{ data: NoteCommentRow[]; count: number }>("GET", `/api/note_comment_report?note_id=${encodeURIComponent(noteId)}`);

export const createNote = (body: { user_id: string; message: string; type: string | null; role_ids?: string[] }) => send<Mutation>("POST", "/api/note", body);
export const editNote = (id: string, message: string, roleIds?: string[]) => send<Mutation>("PUT", "/api/note", { id, action: "Edit", message, role_ids: roleIds });
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
