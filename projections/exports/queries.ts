import type { Kysely, Selectable } from "kysely";
import type { ReadModels } from "../read-models";
import type { ExportTables } from "./tables";

type Row = Selectable<ExportTables["rm_exports"]>;

/** An export as the list call, the Downloads page and the live event carry it. */
export type ExportRow = {
  id: string;
  kind: string;
  filters: Record<string, unknown>;
  file_name: string;
  status: Row["status"];
  rows: number | null;
  bytes: number | null;
  sha256: string | null;
  reason: string | null;
  requested_by: string;
  requested_at: string;
  finished_at: string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toExportRow(row: Row): ExportRow {
  return {
    id: row.id,
    kind: row.kind,
    filters: typeof row.filters === "string" ? (JSON.parse(row.filters) as Record<string, unknown>) : row.filters,
    file_name: row.file_name,
    status: row.status,
    rows: row.rows,
    bytes: row.bytes === null ? null : Number(row.bytes),
    sha256: row.sha256,
    reason: row.reason,
    requested_by: row.requested_by,
    requested_at: iso(row.requested_at)!,
    finished_at: iso(row.finished_at),
  };
}

/** The requester's exports in their organization, newest first (the Downloads page). */
export async function exportsOfRequester(db: Kysely<ReadModels>, organizationId: string, userId: string, limit = 50): Promise<ExportRow[]> {
  const rows = await db
    .selectFrom("rm_exports")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("requested_by", "=", userId)
    .orderBy("requested_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toExportRow);
}

/** One export of the organization (another organization's is not found), with its file key. */
export async function exportById(db: Kysely<ReadModels>, organizationId: string, id: string): Promise<(ExportRow & { file_key: string | null; organization_id: string }) | undefined> {
  const row = await db.selectFrom("rm_exports").selectAll().where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return row ? { ...toExportRow(row), file_key: row.file_key, organization_id: row.organization_id } : undefined;
}

/** Completed exports whose file is older than `before`: the retention clean-up expires them. */
export async function exportsToExpire(db: Kysely<ReadModels>, before: Date, limit = 500): Promise<{ id: string; organization_id: string; file_key: string | null }[]> {
  return db
    .selectFrom("rm_exports")
    .select(["id", "organization_id", "file_key"])
    .where("status", "=", "Completed")
    .where("finished_at", "<", before)
    .orderBy("finished_at")
    .limit(limit)
    .execute();
}

/** Exports still Requested since before `before` (their job was lost): the clean-up queues them again. */
export async function exportsRequestedBefore(db: Kysely<ReadModels>, before: Date, limit = 500): Promise<{ id: string }[]> {
  return db.selectFrom("rm_exports").select("id").where("status", "=", "Requested").where("requested_at", "<", before).limit(limit).execute();
}
