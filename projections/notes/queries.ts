import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { ReadModels } from "../read-models";
import type { DeletedComment, NoteStatusComment, NoteUser } from "./tables";
import { isAdminOrAbove, isStaff } from "../../modules/identity";
import { NOTE_FILTERS, NOTE_PAGE_SIZES, type NoteFilter } from "../../modules/notes";

/** Who is reading: the visibility of every note query is computed for this person. */
export type NoteViewer = { organizationId: string; userId: string; level: number };

// the filters and page sizes are the calls' words (modules/notes/commands.ts), answered here
export { NOTE_FILTERS, NOTE_PAGE_SIZES, type NoteFilter };
/** How many notes the participant dialog shows before 'Load More...'. */
export const LATEST_NOTES = 3;

export type NoteRow = {
  id: string;
  participant_id: string;
  user_id: string;
  message: string;
  type: string | null;
  status: "Active" | "Archive";
  is_flagged: boolean;
  is_warned: boolean;
  resolved: boolean;
  is_flag_note: boolean;
  created_by: string | null;
  created_by_user: NoteUser;
  updated_by_user: NoteUser | null;
  unflagged_by_user: NoteUser | null;
  archive_by_user: NoteUser | null;
  created_date: string;
  updated_date: string;
  role_ids: string[];
  role_names: string[];
  /** the attached image's stored path (the value GET /api/asset/{value} takes), null without one */
  attachment: string | null;
  /** the attached image's short-lived url (spec-2 section 3: attachments, each with attachment_url), filled by the web layer */
  attachments: { attachment_url: string }[];
  comment_count: number;
  note_comment: NoteStatusComment[];
};

export type NoteCommentRow = {
  id: string;
  note_id: string;
  message: string;
  type: "Archive Note" | "Note Comment";
  status: "ACTIVE" | "deleted";
  user_id: string | null;
  user_full_name: string;
  user_role_name: string;
  user_role_display_name: string;
  user_photo_url: string | null;
  created_date: string;
  updated_date: string;
  deleted_comment: DeletedComment | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The one visibility rule: the viewer's organization, and then admins (levels 3-6) see every note; others
 * see notes for everyone (no role ids), their own notes, and notes listing their user group. Staff below
 * coach and the kiosk see none.
 */
export function visibleTo(viewer: NoteViewer): Expression<SqlBool> {
  if (!isStaff(viewer.level)) return sql<SqlBool>`false`;
  if (isAdminOrAbove(viewer.level)) return sql<SqlBool>`n.organization_id = ${viewer.organizationId}`;
  return sql<SqlBool>`n.organization_id = ${viewer.organizationId} and (
    cardinality(n.role_ids) = 0
    or n.created_by = ${viewer.userId}
    or exists (select 1 from rm_users u where u.id::text = ${viewer.userId} and u.user_group_id::text = any(n.role_ids)))`;
}

const filterCondition = (filter: NoteFilter): Expression<SqlBool> => {
  switch (filter) {
    case "All Notes":
      return sql<SqlBool>`n.status = 'Active'`;
    case "Flag Notes":
      return sql<SqlBool>`n.source = 'flag' and n.type <> 'Manual Warn Flag'`;
    case "Warn Notes":
      return sql<SqlBool>`n.source = 'flag' and n.type = 'Manual Warn Flag'`;
    case "Program/Event Notes":
      return sql<SqlBool>`n.type = 'Program/Event Note' and n.status = 'Active'`;
    case "Archived Notes":
      return sql<SqlBool>`n.status = 'Archive'`;
    default: {
      const never: never = filter;
      return never;
    }
  }
};

/** A search text as an ILIKE pattern: its own %, _ and \ match themselves. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const baseQuery = (db: Kysely<ReadModels>, viewer: NoteViewer) => db.selectFrom("rm_notes as n").where(visibleTo(viewer));

type RawNote = Awaited<ReturnType<ReturnType<typeof selectNotes>["execute"]>>[number];

const selectNotes = (db: Kysely<ReadModels>, viewer: NoteViewer) =>
  baseQuery(db, viewer)
    .leftJoin("rm_users as ub", (join) => join.on(sql<SqlBool>`ub.id::text = n.unflagged_by`))
    // a flag's event names its author but not their group: the group is looked up for the note card
    .leftJoin("rm_users as cu", (join) => join.on(sql<SqlBool>`n.source = 'flag' and cu.id::text = n.created_by`))
    .leftJoin("rm_user_groups as cg", "cg.id", "cu.user_group_id")
    .selectAll("n")
    .select([
      "cg.name as creator_role_name",
      "cg.display_name as creator_role_display_name",
      "ub.first_name as unflagged_first_name",
      "ub.last_name as unflagged_last_name",
      sql<string[]>`coalesce((select array_agg(coalesce(nullif(g.display_name, ''), g.name) order by g.level desc, g.name) from rm_user_groups g where g.id::text = any(n.role_ids)), '{}')`.as(
        "role_names",
      ),
    ]);

function toNote(r: RawNote): NoteRow {
  const unflagged = r.unflagged_by_user ?? (r.unflagged_by
    ? { user_id: r.unflagged_by, full_name: `${r.unflagged_first_name ?? ""} ${r.unflagged_last_name ?? ""}`.trim(), photo_url: null, role_name: null, role_display_name: null }
    : null);
  return {
    id: r.id,
    participant_id: r.participant_id,
    user_id: r.participant_id,
    message: r.message,
    type: r.type,
    status: r.status,
    is_flagged: r.is_flagged,
    is_warned: r.is_warned,
    resolved: r.resolved,
    is_flag_note: r.source === "flag",
    created_by: r.created_by,
    created_by_user:
      r.created_by_user.role_name === null && r.creator_role_name
        ? { ...r.created_by_user, role_name: r.creator_role_name, role_display_name: r.creator_role_display_name || null }
        : r.created_by_user,
    updated_by_user: r.updated_by_user,
    unflagged_by_user: unflagged,
    archive_by_user: r.archive_by_user,
    created_date: iso(r.created_date),
    updated_date: iso(r.updated_date),
    role_ids: r.role_ids,
    role_names: r.role_names,
    attachment: r.attachment ?? null,
    attachments: [],
    comment_count: r.comment_count,
    note_comment: r.note_comment,
  };
}

export type NoteListQuery = {
  participantId: string;
  filter: NoteFilter;
  direction: "asc" | "desc";
  search?: string;
  page: number;
  size: number;
  /** only notes written in [from, to) (ISO instants): the profile's notes of the day (docs/decisions/039) */
  createdIn?: { from: string; to: string };
};

/** GET /api/note: one page of the participant's notes this viewer may see, with the count of all of them. */
export async function listNotes(db: Kysely<ReadModels>, viewer: NoteViewer, q: NoteListQuery): Promise<{ data: NoteRow[]; count: number; additional_info: { filter_id: NoteFilter } }> {
  const conditions = (qb: ReturnType<typeof baseQuery>) => {
    let query = qb.where("n.participant_id", "=", q.participantId).where(filterCondition(q.filter));
    const text = q.search?.trim();
    if (text) query = query.where("n.message", "ilike", containing(text));
    if (q.createdIn) query = query.where("n.created_date", ">=", new Date(q.createdIn.from)).where("n.created_date", "<", new Date(q.createdIn.to));
    return query;
  };
  const [rows, total] = await Promise.all([
    conditions(selectNotes(db, viewer) as unknown as ReturnType<typeof baseQuery>)
      .orderBy("n.created_date", q.direction)
      .orderBy("n.id", q.direction)
      .limit(q.size)
      .offset(q.page * q.size)
      .execute() as unknown as Promise<RawNote[]>,
    conditions(baseQuery(db, viewer)).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toNote), count: total.count, additional_info: { filter_id: q.filter } };
}

/** GET /api/note/filter/{userId}: the filter choices with how many notes each holds for this viewer. */
export async function noteFilterCounts(db: Kysely<ReadModels>, viewer: NoteViewer, participantId: string): Promise<{ id: NoteFilter; name: NoteFilter; count: number }[]> {
  const row = await baseQuery(db, viewer)
    .where("n.participant_id", "=", participantId)
    .select(NOTE_FILTERS.map((f, i) => sql<number>`(count(*) filter (where ${filterCondition(f)}))::int`.as(`f${i}`)))
    .executeTakeFirstOrThrow();
  const counts = row as unknown as Record<string, number>;
  return NOTE_FILTERS.map((f, i) => ({ id: f, name: f, count: counts[`f${i}`] ?? 0 }));
}

/** One note this viewer may see, or undefined (unknown, another organization's, or not for this viewer). */
export async function noteById(db: Kysely<ReadModels>, viewer: NoteViewer, noteId: string): Promise<NoteRow | undefined> {
  const row = (await (selectNotes(db, viewer).where("n.id", "=", noteId).executeTakeFirst() as unknown as Promise<RawNote | undefined>));
  return row && toNote(row);
}

/** The comments of a note this viewer may see, oldest first; undefined when the note is not for them. */
export async function noteComments(db: Kysely<ReadModels>, viewer: NoteViewer, noteId: string): Promise<NoteCommentRow[] | undefined> {
  const note = await baseQuery(db, viewer).select("n.id").where("n.id", "=", noteId).executeTakeFirst();
  if (!note) return undefined;
  const rows = await db.selectFrom("rm_note_comments").selectAll().where("note_id", "=", noteId).orderBy("created_date", "asc").orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    note_id: r.note_id,
    message: r.message,
    type: r.type,
    status: r.status,
    user_id: r.user_id,
    user_full_name: r.user_full_name,
    user_role_name: r.user_role_name,
    user_role_display_name: r.user_role_display_name,
    user_photo_url: r.user_photo_url,
    created_date: iso(r.created_date),
    updated_date: iso(r.updated_date),
    deleted_comment: r.deleted_comment,
  }));
}

/**
 * Where a flag note's flag lives (the participant), for the notes handler, which then checks the flag
 * stream itself. Only rows made from a flag stream answer.
 */
export async function flagNoteOwner(db: Kysely<ReadModels>, organizationId: string, noteId: string): Promise<string | null> {
  const row = await db.selectFrom("rm_notes").select("participant_id").where("id", "=", noteId).where("organization_id", "=", organizationId).where("source", "=", "flag").executeTakeFirst();
  return row?.participant_id ?? null;
}
