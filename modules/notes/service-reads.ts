import type { Auth, Services } from "../identity";
import { DomainError, isUuid } from "../kernel";
import { listNotes, noteById, noteComments, noteFilterCounts, type NoteViewer } from "../../projections/notes";
import { participantIdIn } from "../../projections/participants";
import { withAttachmentUrls } from "./attachment-urls";
import { noteIdSchema, noteUserIdSchema, type NoteCommentsInput, type NoteListInput } from "./commands";

const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const noteNotFound = () => new DomainError("NOTE_NOT_FOUND", "Note not found", 404);

/** Who reads: the visibility of every note query is computed for this person. */
export const viewerOf = (auth: Auth): NoteViewer => ({ organizationId: auth.organization.id, userId: auth.user.id, level: auth.user.roleLevel });

/** A participant of the viewer's organization, or 404 (a malformed id names no one). */
async function requireParticipant(services: Services, auth: Auth, participantId: string) {
  if (!isUuid(participantId)) throw participantNotFound();
  const id = await participantIdIn(services.db, auth.organization.id, participantId);
  if (!id) throw participantNotFound();
  return id;
}

/** GET /api/note: a page of the participant's notes (and flags as notes) this user may see. */
export async function notesOf(services: Services, auth: Auth, q: NoteListInput) {
  const participantId = await requireParticipant(services, auth, q.user_id);
  const direction = q.direction ?? ((q.sort?.split(",")[1]?.toLowerCase() as "asc" | "desc" | undefined) ?? "desc");
  const page = await listNotes(services.db, viewerOf(auth), { participantId, filter: q.filter_id, direction, search: q.search, page: q.page, size: q.size });
  return { ...page, data: await withAttachmentUrls(services, auth.organization.id, page.data) };
}

/** GET /api/note/filter/{userId}: the 'View Notes' choices, with this user's counts. */
export async function noteFiltersOf(services: Services, auth: Auth, userId: string | undefined) {
  const participantId = await requireParticipant(services, auth, noteUserIdSchema.parse(userId));
  return { data: await noteFilterCounts(services.db, viewerOf(auth), participantId) };
}

/** One note with its attachment's url, or null when this user may not see it. */
export async function visibleNote(services: Services, auth: Auth, noteId: string) {
  const note = await noteById(services.db, viewerOf(auth), noteId);
  return note ? (await withAttachmentUrls(services, auth.organization.id, [note]))[0]! : null;
}

/** GET /api/note_report/{note_id}: one note; a note this user may not see is not found. */
export async function noteReport(services: Services, auth: Auth, noteId: string | undefined) {
  const note = await visibleNote(services, auth, noteIdSchema.parse(noteId));
  if (!note) throw noteNotFound();
  return note;
}

/** GET /api/note_comment_report?note_id=: the comments of a note this user may see, oldest first. */
export async function commentsOf(services: Services, auth: Auth, { note_id }: NoteCommentsInput) {
  const data = await noteComments(services.db, viewerOf(auth), note_id);
  if (!data) throw noteNotFound();
  return { data, count: data.length };
}
