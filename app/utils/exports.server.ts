import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Redis } from "ioredis";
import { z } from "zod";
import { createExportQueue, enqueueExport, EXPORT_PERMISSION, progressKey, requestExport, type ExportJobData, type ExportKind } from "#modules/exports";
import { DomainError, needRedis, withinRedisDeadline } from "#modules/kernel";
import { StorageNotFoundError } from "#modules/storage";
import { exportById, exportsOfRequester, exportTopicFor, type ExportRow } from "#projections/exports";
import type { RollcallQueue } from "#modules/kernel/queues";
import { apiError } from "./api.server";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { commandIdOf } from "#modules/identity";
import { isKiosk } from "#modules/identity";

/** A download link lives this long (decision 014). */
export const DOWNLOAD_LINK_TTL_MS = 15 * 60 * 1000;
const SECRET_KEY = "rollcall:exports:link-secret";

let queue: RollcallQueue<ExportJobData, unknown> | null = null;
let secret: Promise<Buffer> | null = null;

/** This process's export queue (one connection, opened on first use). */
function exportQueue(services: AppServices) {
  queue ??= createExportQueue({ ...services.redis.options }, services.queuePrefix);
  return queue;
}

/** The HMAC key of download links, shared by every web process through Redis (made once, kept). */
function linkSecret(redis: Redis): Promise<Buffer> {
  secret ??= (async () => {
    await redis.set(SECRET_KEY, randomBytes(32).toString("hex"), "NX");
    const value = await redis.get(SECRET_KEY);
    if (!value) throw new Error("no download link secret");
    return Buffer.from(value, "hex");
  })().catch((error: unknown) => {
    secret = null;
    throw error;
  });
  return needRedis(secret, "Downloads");
}

const sign = (key: Buffer, exportId: string, expires: number) => createHmac("sha256", key).update(`${exportId}.${expires}`).digest("base64url");

/** A link to the file that stops working after DOWNLOAD_LINK_TTL_MS. */
export async function downloadUrl(services: AppServices, exportId: string): Promise<string> {
  const expires = services.clock.now().getTime() + DOWNLOAD_LINK_TTL_MS;
  const signature = sign(await linkSecret(services.redis), exportId, expires);
  return `/api/export/${encodeURIComponent(exportId)}/download?expires=${expires}&signature=${signature}`;
}

const linkExpired = () => apiError(410, "LINK_EXPIRED", "This download link has expired. Open Downloads for a new one.");
const fileGone = () => apiError(410, "EXPORT_EXPIRED", "This export's file has been removed after the retention period.");

async function checkLink(services: AppServices, exportId: string, url: URL): Promise<void> {
  const expires = Number(url.searchParams.get("expires"));
  const given = url.searchParams.get("signature") ?? "";
  if (!Number.isFinite(expires) || !given) throw linkExpired();
  const wanted = Buffer.from(sign(await linkSecret(services.redis), exportId, expires));
  const got = Buffer.from(given);
  if (got.length !== wanted.length || !timingSafeEqual(got, wanted)) throw linkExpired();
  if (services.clock.now().getTime() > expires) throw linkExpired();
}

/** The permissions an export's file needs: its kind's, or for a zip those of every part. */
async function permissionsFor(services: AppServices, organizationId: string, row: ExportRow): Promise<string[]> {
  if (row.kind !== "bundle") return [EXPORT_PERMISSION[row.kind as Exclude<ExportKind, "bundle">]];
  const ids = (row.filters.exportIds as string[] | undefined) ?? [];
  const parts = await Promise.all(ids.map((id) => exportById(services.db, organizationId, id)));
  return [...new Set(parts.map((p) => (p && p.kind !== "bundle" ? EXPORT_PERMISSION[p.kind as Exclude<ExportKind, "bundle">] : "NONE")))];
}

const canSee = (auth: Auth, needed: readonly string[]) => needed.every((p) => auth.user.permissionIds.includes(p));

export const requestBodySchema = z.object({ kind: z.unknown().optional(), filters: z.unknown().optional(), command_id: z.string().trim().min(8).max(100).optional() });

/** POST /api/export: appends ExportRequested (idempotent by command id) and queues the job keyed by the export id. */
export async function requestExportFor(services: AppServices, auth: Auth, request: Request, body: unknown) {
  const input = requestBodySchema.parse(body);
  // the job queue is in Redis: when it is down, say so before anything is recorded (a clear 503, never a hang)
  await needRedis(services.redis.ping(), "Exports");
  const commandId = commandIdOf(auth, request, input.command_id);
  const result = await requestExport(
    { store: services.store, clock: services.clock },
    { request: { kind: input.kind, filters: input.filters }, permissionIds: auth.user.permissionIds },
    { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  );
  if (!result.ok) throw result.error;
  // a retry with the same command id queues it again (the job id is the export id: never twice)
  if (result.state.status === "requested") await needRedis(enqueueExport(exportQueue(services), result.exportId), "Exports");
  return { message: "Export requested", data: { id: result.exportId, status: result.state.status, file_name: result.state.requested?.fileName ?? null, replayed: result.replayed } };
}

export type ExportListItem = ExportRow & { download_url: string | null; progress: { rows: number; total: number; percent: number } | null };

/** The signed-in user's exports (newest first) with fresh download links and the progress of running ones. */
export async function exportsFor(services: AppServices, auth: Auth): Promise<ExportListItem[]> {
  const rows = await exportsOfRequester(services.db, auth.organization.id, auth.user.id);
  const running = rows.filter((r) => r.status === "Requested");
  // progress is a nicety: without Redis the list shows the exports without it
  const progress = running.length ? await withinRedisDeadline(services.redis.mget(...running.map((r) => progressKey(r.id)))).catch(() => []) : [];
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

/**
 * GET /api/export/:id/download?expires&signature: the file, for a signed-in person of the export's
 * organization holding its export permission, while the link lasts. Another organization's export is 404.
 */
export async function downloadExport(services: AppServices, auth: Auth, exportId: string, url: URL): Promise<Response> {
  const row = await exportById(services.db, auth.organization.id, exportId);
  if (!row) throw new DomainError("EXPORT_NOT_FOUND", "Export not found", 404);
  if (!canSee(auth, await permissionsFor(services, auth.organization.id, row))) throw new DomainError("FORBIDDEN", "You do not have permission to download this export.", 403);
  await checkLink(services, exportId, url);
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
  return new Response(createReadableStreamFromReadable(body), {
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
