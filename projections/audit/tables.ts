import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * Which note streams are about which participant (decision 021). A row is written when a note is
 * created and never removed, so the auditor finds the streams of deleted notes too (rm_notes drops a
 * deleted note's row). Used only to know WHICH streams to read: the history itself is read from the store.
 */
export type AuditTables = {
  rm_audit_note_streams: {
    note_id: string;
    stream_id: string;
    organization_id: string;
    participant_id: string;
    created_at: Timestamp;
  };
};
