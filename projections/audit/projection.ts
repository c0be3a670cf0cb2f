import type { RecordedEvent } from "../../modules/kernel";
import type { NoteCreated } from "../../modules/notes";
import { defineProjection } from "../runner";
import type { AuditTables } from "./tables";

/** One row per note stream, written on NoteCreated, never deleted (decision 021). */
export const auditProjection = defineProjection<AuditTables>({
  name: "audit",
  tables: ["rm_audit_note_streams"],
  eventTypes: ["NoteCreated"],
  async apply(db, events) {
    const rows = events
      .filter((e): e is RecordedEvent<NoteCreated> => e.type === "NoteCreated")
      .map((e) => ({
        note_id: e.data.noteId,
        stream_id: e.streamId,
        organization_id: e.data.organizationId,
        participant_id: e.data.participantId,
        created_at: e.metadata.occurredAt,
      }));
    if (rows.length === 0) return;
    await db.insertInto("rm_audit_note_streams").values(rows).onConflict((oc) => oc.column("note_id").doNothing()).execute();
  },
});
