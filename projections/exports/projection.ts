import type { Kysely, Transaction } from "kysely";
import { EXPORT_EVENT_TYPES, isExportEvent, type ExportEvent } from "../../modules/exports";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection, type LiveMessageLike } from "../runner";
import { exportTopicFor, EXPORT_CHANGED } from "./live";
import { toExportRow } from "./queries";
import type { ExportTables } from "./tables";

type Db = Kysely<ExportTables> | Transaction<ExportTables>;

async function applyEvent(db: Db, event: RecordedEvent<ExportEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "ExportRequested": {
      const d = event.data;
      await db
        .insertInto("rm_exports")
        .values({
          id: d.exportId,
          organization_id: d.organizationId,
          requested_by: d.requestedBy,
          kind: d.kind,
          filters: JSON.stringify(d.filters),
          file_name: d.fileName,
          status: "Requested",
          rows: null,
          bytes: null,
          sha256: null,
          file_key: null,
          reason: null,
          requested_at: at,
          finished_at: null,
          expired_at: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "ExportCompleted": {
      const d = event.data;
      await db
        .updateTable("rm_exports")
        .set({ status: "Completed", rows: d.rows, bytes: d.bytes, sha256: d.sha256, file_key: d.fileKey, finished_at: at })
        .where("id", "=", d.exportId)
        .where("status", "=", "Requested")
        .execute();
      return;
    }
    case "ExportFailed":
      await db.updateTable("rm_exports").set({ status: "Failed", reason: event.data.reason, finished_at: at }).where("id", "=", event.data.exportId).where("status", "=", "Requested").execute();
      return;
    case "ExportExpired":
      await db.updateTable("rm_exports").set({ status: "Expired", expired_at: at }).where("id", "=", event.data.exportId).execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * One row per export. Each change is published after commit to the requester's own topic
 * (`exp-{userId}`): the Downloads page refreshes its row, and the app shell toasts a finished export.
 */
export const exportsProjection = defineProjection<ExportTables>({
  name: "exports",
  tables: ["rm_exports"],
  eventTypes: EXPORT_EVENT_TYPES,
  async apply(db, events) {
    const messages: LiveMessageLike[] = [];
    for (const event of events) {
      if (!isExportEvent(event)) continue;
      await applyEvent(db, event as RecordedEvent<ExportEvent>);
      const row = await db.selectFrom("rm_exports").selectAll().where("id", "=", event.data.exportId).executeTakeFirst();
      const topic = row ? exportTopicFor(row.requested_by) : null;
      if (row && topic) messages.push({ organizationId: row.organization_id, topic, event: EXPORT_CHANGED, payload: toExportRow(row) });
    }
    return messages;
  },
});
