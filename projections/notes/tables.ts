import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** A person as a note shows them (spec-2 section 3: full_name, photo_url, role_name, role_display_name). */
export type NoteUser = { user_id: string | null; full_name: string; photo_url: string | null; role_name: string | null; role_display_name: string | null };
/** A status comment carried on the note (spec-2 section 3, note_comment). */
export type NoteStatusComment = { type: "Archive Note" | "Flag Note" | "Warn Note"; message: string; created_date: string };
export type DeletedComment = { user_full_name: string; role: string; created_date: string; message: string };

/**
 * One row per note (modules/notes) and per flag (modules/flags: a flag is a note of type Manual Flag,
 * Manual Warn Flag or System Generated). `role_ids` is the visibility: empty means every staff member.
 */
export type NoteTables = {
  rm_notes: {
    id: string;
    organization_id: string;
    participant_id: string;
    /** 'note': a note stream; 'flag': a flag stream */
    source: "note" | "flag";
    type: string | null;
    status: "Active" | "Archive";
    is_flagged: boolean;
    is_warned: boolean;
    resolved: boolean;
    message: string;
    role_ids: string[];
    created_by: string | null;
    created_by_user: Json<NoteUser>;
    updated_by_user: Json<NoteUser | null>;
    archive_by_user: Json<NoteUser | null>;
    unflagged_by: string | null;
    unflagged_by_user: Json<NoteUser | null>;
    created_date: Timestamp;
    updated_date: Timestamp;
    comment_count: number;
    note_comment: Json<NoteStatusComment[]>;
    /** the attached image's stored path (modules/uploads), null without one (migration 1101) */
    attachment: string | null;
  };
  rm_note_comments: {
    id: string;
    note_id: string;
    organization_id: string;
    type: "Archive Note" | "Note Comment";
    status: "ACTIVE" | "deleted";
    /** '' once deleted: the deleted comment shows who deleted it, their role, when and why */
    message: string;
    user_id: string | null;
    user_full_name: string;
    user_role_name: string;
    user_role_display_name: string;
    user_photo_url: string | null;
    created_date: Timestamp;
    updated_date: Timestamp;
    deleted_comment: Json<DeletedComment | null>;
  };
};
