import { createQueue, enqueue, type QueueConnection, type RollcallQueue } from "../kernel/queues";

/** The upload queue: one job per zip package, its id the upload id (a second add of the same id is ignored). */
export const UPLOAD_QUEUE = "uploads";
export const UNPACK_JOB = "unpack";

export type UnpackJobData = { uploadId: string; organizationId: string };

/** An unpack tries 3 times (a crash, a lost connection); a refused zip is not retried (its refusal is recorded). */
export const UNPACK_JOB_OPTIONS = { attempts: 3, backoff: { type: "exponential", delay: 1000 } } as const;

export const createUploadQueue = (connection: QueueConnection, prefix: string): RollcallQueue<UnpackJobData, unknown> =>
  createQueue<UnpackJobData, unknown>(UPLOAD_QUEUE, { connection, prefix, defaultJobOptions: UNPACK_JOB_OPTIONS });

export const enqueueUnpack = (queue: RollcallQueue<UnpackJobData, unknown>, data: UnpackJobData) => enqueue(queue, UNPACK_JOB, data, { jobId: data.uploadId });
