import { sql, type Kysely, type Transaction } from "kysely";
import { FLAG_EVENT_TYPES, isFlagEvent, type FlagEvent } from "../../modules/flags";
import type { RecordedEvent } from "../../modules/kernel";
import { NOTE_EVENT_TYPES, isNoteEvent, type NoteActor, type NoteEvent } from "../../modules/notes";
import { defineProjection, type LiveMessageLike } from "../runner";
import type { NoteStatusComment, NoteTables, NoteUser } from "./tables";
import { isAdminOrAbove, isStaff } from "../../modules/identity";

type Db = Kysely<NoteTables> | Transaction<NoteTables>;

export const NOTES_TOPIC = "notes";
export const NOTES_CHANGED = "notes:changed";
/**
 * Topics of the notes limited to some user groups: admins, each listed group and the author follow them.
 * Topics are slugs of at most 40 characters (modules/kernel/live): a uuid goes in without its dashes.
 */
const compact = (id: string) => id.toLowerCase().replace(/-/g, "");
export const notesAdminTopic = () => `${NOTES_TOPIC}-admin`;
export const notesGroupTopic = (groupId: string) => `${NOTES_TOPIC}-g-${compact(groupId)}`;
export const notesUserTopic = (userId: string) => `${NOTES_TOPIC}-u-${compact(userId)}`;

const userOf = (actor: NoteActor): NoteUser => ({
  user_id: actor.userId,
  full_name: actor.fullName,
  photo_url: null,
  role_name: actor.roleName || null,
  role_display_name: actor.roleDisplayName || null,
});
const json = (value: unknown) => JSON.stringify(value);

/** The flag note's type: the flag's own noteType when it carries one, else Manual Flag (stop) / Manual Warn Flag (warn). */
const flagNoteType = (data: { type: "stop" | "warn"; noteType?: string }) => data.noteType ?? (data.type === "stop" ? "Manual Flag" : "Manual Warn Flag");

async function recount(db: Db, noteId: string): Promise<void> {
  await db
    .updateTable("rm_notes")
    .set({ comment_count: sql<number>`(select count(*)::int from rm_note_comments c where c.note_id = ${noteId} and c.status = 'ACTIVE')` })
    .where("id", "=", noteId)
    .execute();
}

async function appendStatusComment(db: Db, noteId: string, item: NoteStatusComment): Promise<void> {
  await db
    .updateTable("rm_notes")
    .set({ note_comment: sql`note_comment || ${json([item])}::jsonb` as never })
    .where("id", "=", noteId)
    .execute();
}

async function insertComment(db: Db, noteId: string, organizationId: string, id: string, type: "Archive Note" | "Note Comment", message: string, by: NoteActor, at: string) {
  await db
    .insertInto("rm_note_comments")
    .values({
      id,
      note_id: noteId,
      organization_id: organizationId,
      type,
      status: "ACTIVE",
      message,
      user_id: by.userId,
      user_full_name: by.fullName,
      user_role_name: by.roleName,
      user_role_display_name: by.roleDisplayName,
      user_photo_url: null,
      created_date: at,
      updated_date: at,
      deleted_comment: json(null),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

async function applyNoteEvent(db: Db, event: RecordedEvent<NoteEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  const organizationId = event.metadata.organizationId ?? "";
  switch (event.type) {
    case "NoteCreated": {
      const d = event.data;
      await db
        .insertInto("rm_notes")
        .values({
          id: d.noteId,
          organization_id: d.organizationId,
          participant_id: d.participantId,
          source: "note",
          type: d.type,
          status: "Active",
          is_flagged: false,
          is_warned: false,
          resolved: false,
          message: d.message,
          role_ids: d.roleIds,
          created_by: d.author.userId,
          created_by_user: json(userOf(d.author)),
          updated_by_user: json(null),
          archive_by_user: json(null),
          unflagged_by: null,
          unflagged_by_user: json(null),
          created_date: at,
          updated_date: at,
          comment_count: 0,
          note_comment: json([]),
          attachment: d.attachment ?? null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "NoteEdited": {
      const d = event.data;
      await db
        .updateTable("rm_notes")
        // an edit without the field left the attachment as it was
        .set({ message: d.message, role_ids: d.roleIds, updated_by_user: json(userOf(d.by)), updated_date: at, ...(d.attachment !== undefined ? { attachment: d.attachment } : {}) })
        .where("id", "=", d.noteId)
        .execute();
      return;
    }
    case "NoteArchived": {
      const d = event.data;
      await db.updateTable("rm_notes").set({ status: "Archive", archive_by_user: json(userOf(d.by)) }).where("id", "=", d.noteId).execute();
      await insertComment(db, d.noteId, organizationId, d.commentId, "Archive Note", d.reason, d.by, at);
      await appendStatusComment(db, d.noteId, { type: "Archive Note", message: d.reason, created_date: at });
      await recount(db, d.noteId);
      return;
    }
    case "NoteRestored":
      await db.updateTable("rm_notes").set({ status: "Active", archive_by_user: json(null) }).where("id", "=", event.data.noteId).execute();
      return;
    case "NoteDeleted":
      await db.deleteFrom("rm_note_comments").where("note_id", "=", event.data.noteId).execute();
      await db.deleteFrom("rm_notes").where("id", "=", event.data.noteId).execute();
      return;
    case "NoteCommentAdded": {
      const d = event.data;
      await insertComment(db, d.noteId, organizationId, d.commentId, "Note Comment", d.message, d.by, at);
      await recount(db, d.noteId);
      return;
    }
    case "NoteCommentEdited":
      await db.updateTable("rm_note_comments").set({ message: event.data.message, updated_date: at }).where("id", "=", event.data.commentId).execute();
      return;
    case "NoteCommentDeleted": {
      const d = event.data;
      const deleted = { user_full_name: d.by.fullName, role: d.by.roleDisplayName || d.by.roleName, created_date: at, message: d.reason };
      await db
        .updateTable("rm_note_comments")
        .set({ status: "deleted", message: "", updated_date: at, deleted_comment: json(deleted) })
        .where("id", "=", d.commentId)
        .execute();
      await recount(db, d.noteId);
      return;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

async function applyFlagEvent(db: Db, event: RecordedEvent<FlagEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "MemberFlagged": {
      const d = event.data as typeof event.data & { noteType?: string };
      await db
        .insertInto("rm_notes")
        .values({
          id: d.flagId,
          organization_id: d.organizationId,
          participant_id: d.participantId,
          source: "flag",
          type: flagNoteType(d),
          status: "Active",
          is_flagged: d.type === "stop",
          is_warned: d.type === "warn",
          resolved: false,
          message: d.message,
          role_ids: [],
          created_by: d.flaggedBy,
          created_by_user: json({ user_id: d.flaggedBy, full_name: d.flaggedByName, photo_url: null, role_name: null, role_display_name: null } satisfies NoteUser),
          updated_by_user: json(null),
          archive_by_user: json(null),
          unflagged_by: null,
          unflagged_by_user: json(null),
          created_date: at,
          updated_date: at,
          comment_count: 0,
          note_comment: json([]),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "MemberFlagResolved": {
      const d = event.data;
      const updated = await db
        .updateTable("rm_notes")
        .set({ is_flagged: false, is_warned: false, resolved: true, unflagged_by: d.resolvedBy })
        .where("id", "=", d.flagId)
        .where("resolved", "=", false)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) await appendStatusComment(db, d.flagId, { type: d.type === "stop" ? "Flag Note" : "Warn Note", message: d.message, created_date: at });
      return;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Where a change of this note may be announced: only to people who may see it (see queries.ts, `visibleTo`). */
async function liveMessagesFor(db: Db, noteId: string): Promise<LiveMessageLike[]> {
  const row = await db.selectFrom("rm_notes").select(["organization_id", "participant_id", "role_ids", "created_by"]).where("id", "=", noteId).executeTakeFirst();
  if (!row) return [];
  const payload = { note_id: noteId, participant_id: row.participant_id };
  const topics = row.role_ids.length === 0 ? [NOTES_TOPIC] : [notesAdminTopic(), ...row.role_ids.map(notesGroupTopic), ...(row.created_by ? [notesUserTopic(row.created_by)] : [])];
  return topics.map((topic) => ({ organizationId: row.organization_id, topic, event: NOTES_CHANGED, payload }));
}

/**
 * Notes and flags as one list per participant, and the comments. Each change is announced (after
 * commit) as `notes:changed { note_id, participant_id }` on topics that only the note's viewers may
 * follow; the page then asks the list again, which applies the visibility once more.
 */
export const notesProjection = defineProjection<NoteTables>({
  name: "notes",
  tables: ["rm_notes", "rm_note_comments"],
  eventTypes: [...NOTE_EVENT_TYPES, ...FLAG_EVENT_TYPES],
  async apply(db, events) {
    const messages: LiveMessageLike[] = [];
    for (const event of events) {
      if (isNoteEvent(event)) {
        const e = event as RecordedEvent<NoteEvent>;
        // a deleted note's row is gone afterwards: its audience is read before
        const before = e.type === "NoteDeleted" ? await liveMessagesFor(db, e.data.noteId) : [];
        await applyNoteEvent(db, e);
        messages.push(...(e.type === "NoteDeleted" ? before : await liveMessagesFor(db, e.data.noteId)));
      } else if (isFlagEvent(event)) {
        const e = event as RecordedEvent<FlagEvent>;
        await applyFlagEvent(db, e);
        messages.push(...(await liveMessagesFor(db, e.data.flagId)));
      }
    }
    return messages;
  },
});

/** Who follows a notes topic: the same rule as `visibleTo` (staff only; admins; the listed group; the author). */
export function mayFollowNotesTopic(topic: string, user: { userId: string; groupId: string | null; level: number | null }): boolean {
  const level = user.level;
  if (!isStaff(level)) return false;
  if (topic === NOTES_TOPIC) return true;
  if (topic === notesAdminTopic()) return isAdminOrAbove(level);
  if (user.groupId !== null && topic === notesGroupTopic(user.groupId)) return true;
  return topic === notesUserTopic(user.userId);
}

/** Whether a topic is one of the notes topics (runtime/live-auth.ts asks `mayFollowNotesTopic` for these). */
export const isNotesTopic = (topic: string) => topic === NOTES_TOPIC || topic.startsWith(`${NOTES_TOPIC}-`);
