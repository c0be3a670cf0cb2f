import type { Kysely } from "kysely";
import type pg from "pg";
import type { RedisClient } from "../../modules/kernel";
import { UnrecoverableError } from "bullmq";
import {
  CLEANUP_JOB,
  completeExport,
  enqueueExport,
  exportFolder,
  expireExport,
  failExport,
  loadExport,
  progressKey,
  type ExportJobData,
  type ExportRequestedData,
} from "../../modules/exports";
import { DomainError, newId, type Clock, type EventStore, type Logger } from "../../modules/kernel";
import type { Job, RollcallQueue } from "../../modules/kernel/queues";
import type { LivePublisher } from "../../modules/kernel/live";
import type { BlobStorage } from "../../modules/storage";
import { exportTopicFor, exportsRequestedBefore, exportsToExpire, EXPORT_PROGRESS, type ExportProgress } from "../../projections/exports";
import type { ReadModels } from "../../projections";
import { buildBundle, buildCsv, bundleIdsOf, type BundlePart, type BuiltFile } from "./build";
import { EXPORT_RETENTION_MS, REQUEUE_AFTER_MS, STALE_PART_MS } from "./retention";

export type ExportWorkerDeps = {
  store: EventStore;
  clock: Clock;
  pool: pg.Pool;
  db: Kysely<ReadModels>;
  storage: BlobStorage;
  redis: RedisClient;
  publisher: LivePublisher;
  logger: Logger;
  queue: RollcallQueue<ExportJobData, unknown>;
};

export type ExportJobResult = { exportId: string; outcome: "completed" | "failed" | "skipped"; rows?: number };


const PROGRESS_EVERY_MS = 250;

/** The readable reason an export failed with: a domain refusal's message, else a general sentence. */
export function readableReason(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  const code = (error as { code?: string } | null)?.code;
  if (code === "ENOSPC") return "The export could not be saved: the server's disk is full.";
  if (typeof code === "string" && /^(08|57P|ECONNREFUSED)/.test(code)) return "The export could not be built: the database could not be reached.";
  return "The export could not be built. Please try again or contact support for help.";
}

function progressReporter(deps: ExportWorkerDeps, requested: ExportRequestedData) {
  const topic = exportTopicFor(requested.requestedBy);
  let last = 0;
  return ({ rows, total }: { rows: number; total: number }, force = false) => {
    const now = Date.now();
    if (!force && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    const percent = total === 0 ? 100 : Math.min(100, Math.floor((rows / total) * 100));
    const payload: ExportProgress = { id: requested.exportId, rows, total, percent };
    void deps.redis.set(progressKey(requested.exportId), JSON.stringify(payload), "EX", 3600).catch(() => undefined);
    if (topic) void deps.publisher.publish([{ organizationId: requested.organizationId, topic, event: EXPORT_PROGRESS, payload }]);
  };
}

/**
 * One export job. A job for an export that has ended already does nothing (a duplicate or a retry after
 * the completion was recorded). Otherwise: clear part files a killed attempt left, build the file at the
 * export's key, then append ExportCompleted against the stream's revision; a second completion is refused
 * (EXPORT_FINISHED) and only logged. The last failed attempt records ExportFailed with a readable reason.
 */
export async function processExport(deps: ExportWorkerDeps, job: Job<ExportJobData>): Promise<ExportJobResult> {
  const { exportId } = job.data;
  const state = await loadExport(deps.store, exportId);
  if (!state.requested) throw new UnrecoverableError(`export ${exportId} was never requested`);
  if (state.status !== "requested") return { exportId, outcome: "skipped" };
  const requested = state.requested;
  const metadata = (what: string) => ({ commandId: `${what}:${exportId}:${newId()}`, organizationId: requested.organizationId, actorId: null, causationId: exportId, correlationId: exportId });
  const report = progressReporter(deps, requested);
  try {
    await deps.storage.removeStaleParts(exportFolder(requested.organizationId, exportId), new Date());
    let built: BuiltFile;
    if (requested.kind === "bundle") {
      const parts: BundlePart[] = [];
      for (const id of bundleIdsOf(requested)) {
        const part = await loadExport(deps.store, id);
        if (part.status !== "completed" || !part.fileKey || !part.requested) throw new DomainError("EXPORT_NOT_READY", "An export in the bundle is no longer available.", 409);
        parts.push({ exportId: id, fileKey: part.fileKey, fileName: part.requested.fileName, rows: part.rows ?? 0 });
      }
      built = await buildBundle(deps, requested, parts, (p) => report(p));
    } else {
      built = await buildCsv(deps, requested, (p) => report(p));
    }
    report({ rows: built.rows, total: built.rows }, true);
    const result = await completeExport(deps, exportId, { fileKey: built.key, rows: built.rows, bytes: built.bytes, sha256: built.sha256 }, metadata("complete"));
    if (!result.ok) {
      deps.logger.warn("export ended already; this attempt's completion was refused", { exportId, code: result.error.code });
      return { exportId, outcome: "skipped" };
    }
    return { exportId, outcome: "completed", rows: built.rows };
  } catch (error) {
    const last = error instanceof DomainError || error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    deps.logger.error(last ? "export failed" : "export attempt failed, will retry", { exportId, attempt: job.attemptsMade + 1, error: String(error) });
    if (!last) throw error;
    await failExport(deps, exportId, readableReason(error), metadata("fail"));
    return { exportId, outcome: "failed" };
  }
}

/**
 * The repeatable clean-up: expire files past retention (delete, then ExportExpired), remove part files
 * of dead writes, and queue again any export left Requested without a job.
 */
export async function cleanUpExports(deps: ExportWorkerDeps): Promise<{ expired: number; parts: number; requeued: number }> {
  const now = deps.clock.now();
  let expired = 0;
  for (const row of await exportsToExpire(deps.db, new Date(now.getTime() - EXPORT_RETENTION_MS))) {
    if (row.file_key) await deps.storage.delete(row.file_key);
    const result = await expireExport(deps, row.id, { commandId: `expire:${row.id}`, organizationId: row.organization_id, actorId: null });
    if (result.ok && result.events.length) expired++;
  }
  const parts = await deps.storage.removeStaleParts("exports", new Date(now.getTime() - STALE_PART_MS));
  const stuck = await exportsRequestedBefore(deps.db, new Date(now.getTime() - REQUEUE_AFTER_MS));
  for (const { id } of stuck) await enqueueExport(deps.queue, id);
  return { expired, parts, requeued: stuck.length };
}

export async function processExportQueue(deps: ExportWorkerDeps, job: Job<ExportJobData>): Promise<unknown> {
  if (job.name === CLEANUP_JOB) return cleanUpExports(deps);
  return processExport(deps, job);
}
