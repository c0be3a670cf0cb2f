import type { Kysely } from "kysely";
import { systemClock } from "../../modules/kernel";
import { createLivePublisher, liveKeyFor } from "../../modules/kernel/live";
import { createWorker } from "../../modules/kernel/queues";
import type { ReadModels } from "../../projections";
import type { WorkerCore } from "../core";
import { processExportQueue, type ExportWorkerDeps } from "./processor";
import { CLEANUP_JOB, CLEANUP_SCHEDULER, createExportQueue, EXPORT_QUEUE, queuePrefixFor, type ExportJobData } from "../../modules/exports";
import { CLEANUP_EVERY_MS } from "./retention";

// the queue's definition is the exports module's (app enqueues); the worker's callers find it here too
export { EXPORT_QUEUE, EXPORT_JOB, CLEANUP_JOB, CLEANUP_SCHEDULER, EXPORT_JOB_OPTIONS, queuePrefixFor, createExportQueue, enqueueExport, progressKey, type ExportJobData } from "../../modules/exports";
export * from "./retention";
export { processExport, cleanUpExports, readableReason, type ExportWorkerDeps, type ExportJobResult } from "./processor";
export { buildCsv, buildBundle, type BuildDeps } from "./build";
export { cursorRows, rowQueryFor, loadLookup, historyRows, FETCH_SIZE } from "./sources";

/** Two exports at a time per worker process: each is one cursor and one file stream. */
export const EXPORT_CONCURRENCY = 2;

/** The worker role's export worker: the jobs, the hourly clean-up scheduler, and a live publisher for progress. */
export function startExportWorker(core: WorkerCore) {
  const prefix = queuePrefixFor(core.env.DATABASE_URL);
  const queue = createExportQueue(core.env.REDIS_URL, prefix);
  const publisher = createLivePublisher(core.env.REDIS_URL, { logger: core.logger, key: liveKeyFor(core.env.DATABASE_URL) });
  const deps: ExportWorkerDeps = {
    store: core.store,
    clock: systemClock,
    pool: core.pool,
    db: core.db as Kysely<ReadModels>,
    storage: core.storage,
    redis: core.redis,
    publisher,
    logger: core.logger,
    queue,
  };
  const handle = createWorker<ExportJobData, unknown>(EXPORT_QUEUE, (job) => processExportQueue(deps, job), {
    connection: core.env.REDIS_URL,
    prefix,
    concurrency: EXPORT_CONCURRENCY,
    lockDuration: core.env.EXPORT_LOCK_MS,
    stalledInterval: core.env.EXPORT_LOCK_MS,
    logger: core.logger,
  });
  void queue
    .upsertJobScheduler(CLEANUP_SCHEDULER, { every: CLEANUP_EVERY_MS }, { name: CLEANUP_JOB, data: { exportId: "" }, opts: { removeOnComplete: 10, removeOnFail: 10 } })
    .catch((error: unknown) => core.logger.warn("could not schedule the export clean-up", { error: String(error) }));
  return {
    async close() {
      await handle.close();
      await queue.close();
      await publisher.close();
    },
  };
}

export const exportWorkerDefinition = { queue: EXPORT_QUEUE, start: startExportWorker };
