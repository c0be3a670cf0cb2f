import { createQueue, enqueue, type QueueConnection, type RollcallQueue } from "../kernel/queues";

/** The export queue: one job per export, its id the export id (a second add of the same id is ignored). */
export const EXPORT_QUEUE = "exports";
export const EXPORT_JOB = "export";
export const CLEANUP_JOB = "cleanup";
export const CLEANUP_SCHEDULER = "exports-cleanup";

export type ExportJobData = { exportId: string };

/** Export jobs try 3 times (a crash, a lost database); the last failure records ExportFailed. */
export const EXPORT_JOB_OPTIONS = { attempts: 3, backoff: { type: "exponential", delay: 2000 } } as const;

/**
 * Queues belong to their database: the Redis key prefix carries the database name, so two apps (or test
 * runs) on one Redis and different databases never take each other's jobs.
 */
export const queuePrefixFor = (databaseUrl: string) => `bull-${decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || "rollcall"}`;

export const createExportQueue = (connection: QueueConnection, prefix: string): RollcallQueue<ExportJobData, unknown> =>
  createQueue<ExportJobData, unknown>(EXPORT_QUEUE, { connection, prefix, defaultJobOptions: EXPORT_JOB_OPTIONS });

export const enqueueExport = (queue: RollcallQueue<ExportJobData, unknown>, exportId: string) => enqueue(queue, EXPORT_JOB, { exportId }, { jobId: exportId });

/** Where the latest progress of an export is kept, for a Downloads page opened mid-export. */
export const progressKey = (exportId: string) => `rollcall:export-progress:${exportId}`;
