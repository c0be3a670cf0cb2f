import { Readable } from "node:stream";
import { commandMetadataOf, isKiosk, type Auth, type Services } from "../identity";
import { DomainError, getMany, needRedis, redisTargetOfClient, withinRedisDeadline } from "../kernel";
import type { RollcallQueue } from "../kernel/queues";
import { StorageNotFoundError } from "../storage";
import { exportById, exportsOfRequester, exportTopicFor, type ExportRow } from "../../projections/exports";
import type { DownloadQuery, ExportRequestBody } from "./commands";
import { checkLink, downloadUrl } from "./download-links";
import { requestExport } from "./handlers";
import { EXPORT_PERMISSION, type ExportKind } from "./kinds";
import { createExportQueue, enqueueExport, progressKey, type ExportJobData } from "./queue";

const queues = new Map<string, RollcallQueue<ExportJobData, unknown>>();

/**
 * This process's export queue of the app's prefix (one connection, opened on first use): one per prefix,
 * so two apps in one process (the tests) each queue to their own workers.
 */
function exportQueue(services: Services) {
  let queue = queues.get(services.queuePrefix);
  if (!queue) {
    queue = createExportQueue(redisTargetOfClient(services.redis), services.queuePrefix);
    queues.set(services.queuePrefix, queue);
  }
  return queue;
}

/** Closes this process's export queue of a prefix (the web server's stop). */
export async function closeExportQueue(prefix: string): Promise<void> {
  const queue = queues.get(prefix);
  queues.delete(prefix);
  await queue?.close().catch(() => undefined);
}

const fileGone = () => new DomainError("EXPORT_EXPIRED", "This export's file has been removed after the retention period.", 410);

/** The permissions an export's file needs: its kind's, or for a zip those of every part. */
async function permissionsFor(services: Services, organizationId: string, row: ExportRow): Promise<string[]> {
  if (row.kind !== "bundle") return [EXPORT_PERMISSION[row.kind as Exclude<ExportKind, "bundle">]];
  const ids = (row.filters.exportIds as string[] | undefined) ?? [];
  const parts = await Promise.all(ids.map((id) => exportById(services.db, organizationId, id)));
  return [...new Set(parts.map((p) => (p && p.kind !== "bundle" ? EXPORT_PERMISSION[p.kind as Exclude<ExportKind, "bundle">] : "NONE")))];
}

const canSee = (auth: Auth, needed: readonly string[]) => needed.every((p) => auth.user.permissionIds.includes(p));

/** POST /api/export: appends ExportRequested (idempotent by command id) and queues the job keyed by the export id. */
export async function requestExportFor(services: Services, auth: Auth, body: ExportRequestBody, request: Request) {
  // the job queue is in Redis: when it is down, say so before anything is recorded (a clear 503, never a hang)
  await needRedis(services.redis.ping(), "Exports");
  const result = await requestExport(
    { store: services.store, clock: services.clock },
    { request: { kind: body.kind, filters: body.filters }, permissionIds: auth.user.permissionIds },
    commandMetadataOf(auth, request, body.command_id),
  );
  if (!result.ok) throw result.error;
  // a retry with the same command id queues it again (the job id is the export id: never twice)
  if (result.state.status === "requested") await needRedis(enqueueExport(exportQueue(services), result.exportId), "Exports");
  return { message: "Export requested", data: { id: result.exportId, status: result.state.status, file_name: result.state.requested?.fileName ?? null, replayed: result.replayed } };
}

export type ExportListItem = ExportRow & { download_url: string | null; progress: { rows: number; total: number; percent: number } | null };

/** The signed-in user's exports (newest first) with fresh download links and the progress of running ones. */
export async function exportsFor(services: Services, auth: Auth): Promise<ExportListItem[]> {
  const rows = await exportsOfRequester(services.db, auth.organization.id, auth.user.id);
  const running = rows.filter((r) => r.status === "Requested");
  // progress is a nicety: without Redis the list shows the exports without it
  const progress = running.length ? await withinRedisDeadline(getMany(services.redis, running.map((r) => progressKey(r.id)))).catch(() => []) : [];
  return Promise.all(
    rows.map(async (row): Promise<ExportListItem> => {
      const index = running.indexOf(row);
      const raw = index >= 0 ? progress[index] : null;
      const canDownload = row.status === "Completed" && canSee(auth, await permissionsFor(services, auth.organization.id, row));
      // without Redis (no link secret yet) the list still shows, without links
      return { ...row, download_url: canDownload ? await downloadUrl(services, row.id).catch(() => null) : null, progress: raw ? (JSON.parse(raw) as ExportListItem["progress"]) : null };
    }),
  );
}

/** GET /api/export: my exports as a list answer. */
export async function exportList(services: Services, auth: Auth) {
  const data = await exportsFor(services, auth);
  return { data, count: data.length, additional_info: {} };
}

/**
 * GET /api/export/:id/download?expires&signature: the file, for a signed-in person of the export's
 * organization holding its export permission, while the link lasts. Another organization's export is 404.
 */
export async function downloadExport(services: Services, auth: Auth, exportId: string, query: DownloadQuery): Promise<Response> {
  const row = await exportById(services.db, auth.organization.id, exportId);
  if (!row) throw new DomainError("EXPORT_NOT_FOUND", "Export not found", 404);
  if (!canSee(auth, await permissionsFor(services, auth.organization.id, row))) throw new DomainError("FORBIDDEN", "You do not have permission to download this export.", 403);
  await checkLink(services, exportId, query);
  if (row.status === "Expired") throw fileGone();
  if (row.status !== "Completed" || !row.file_key) throw new DomainError("EXPORT_NOT_READY", "This export is not ready yet.", 409);
  let body: Readable;
  try {
    body = await services.storage.read(row.file_key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw fileGone();
    throw error;
  }
  const type = row.file_name.endsWith(".zip") ? "application/zip" : "text/csv; charset=utf-8";
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Length": String(row.bytes ?? ""),
      "Content-Disposition": `attachment; filename="${row.file_name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      ...(row.sha256 ? { "X-Checksum-SHA256": row.sha256 } : {}),
    },
  });
}

/** May this user export check-ins (the board's Export button)? Not a kiosk. */
export const canExportCheckIns = (auth: Auth) => !isKiosk(auth.user.roleLevel) && auth.user.permissionIds.includes(EXPORT_PERMISSION["check-ins"]);
export const canExportParticipants = (auth: Auth) => !isKiosk(auth.user.roleLevel) && auth.user.permissionIds.includes(EXPORT_PERMISSION.participants);

/** What the browser needs to follow the signed-in user's export topic (null without an export permission). */
export function exportLiveOf(auth: Auth): { organizationId: string; topic: string } | null {
  const can = !isKiosk(auth.user.roleLevel) && Object.values(EXPORT_PERMISSION).some((p) => auth.user.permissionIds.includes(p));
  const topic = exportTopicFor(auth.user.id);
  return can && topic ? { organizationId: auth.organization.id, topic } : null;
}
