import { systemClock } from "../../modules/kernel";
import { createWorker } from "../../modules/kernel/queues";
import type { WorkerCore } from "../core";
import { queuePrefixFor } from "../exports";
import { processUnpackJob, type UploadWorkerDeps } from "./processor";
import { UPLOAD_QUEUE, type UnpackJobData } from "../../modules/uploads";

// the queue's definition is the uploads module's (app enqueues); the worker's callers find it here too
export { UPLOAD_QUEUE, UNPACK_JOB, UNPACK_JOB_OPTIONS, createUploadQueue, enqueueUnpack, type UnpackJobData } from "../../modules/uploads";
export { processUnpack, processUnpackJob, type UploadWorkerDeps, type UnpackResult } from "./processor";

/** Two packages at a time per worker process: each holds its zip (25 MB at most) in memory. */
export const UNPACK_CONCURRENCY = 2;

/** The worker role's upload worker: unpacks zip packages. */
export function startUploadWorker(core: WorkerCore) {
  const deps: UploadWorkerDeps = { store: core.store, clock: systemClock, storage: core.storage, logger: core.logger };
  const handle = createWorker<UnpackJobData, unknown>(UPLOAD_QUEUE, (job) => processUnpackJob(deps, job), {
    connection: core.env.REDIS_URL,
    prefix: queuePrefixFor(core.env.DATABASE_URL),
    concurrency: UNPACK_CONCURRENCY,
    logger: core.logger,
  });
  return { close: () => handle.close() };
}

export const uploadWorkerDefinition = { queue: UPLOAD_QUEUE, start: startUploadWorker };
