import type { DefaultJobOptions } from "bullmq";
import { createQueue, enqueue, type QueueConnection, type RollcallQueue } from "../kernel/queues";

/** The mail queue (decision 059): one job per outbox row, its id `mail-<row id>` (a second add is ignored). */
export const MAIL_QUEUE = "mail";
export const MAIL_JOB = "send";
/** the periodic look for rows still queued whose job was never added or was lost */
export const MAIL_SWEEP_JOB = "sweep";
export const MAIL_SWEEP_SCHEDULER = "mail-sweep";
/** the worker's own backoff strategy (its base delay is the worker's setting, decision 059) */
export const MAIL_BACKOFF = "mail-exponential";

export type MailJobData = { outboxId: string };

/** Eight tries: a refusal or an unreachable server is tried again after 30 s, 1, 2, 4, 8, 16 and 32 minutes. */
export const MAIL_ATTEMPTS = 8;
export const MAIL_JOB_OPTIONS = {
  attempts: MAIL_ATTEMPTS,
  backoff: { type: MAIL_BACKOFF },
  removeOnComplete: { age: 24 * 60 * 60, count: 5000 },
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const satisfies DefaultJobOptions;

export const mailJobId = (outboxId: string) => `mail-${outboxId}`;

export const createMailQueue = (connection: QueueConnection, prefix: string): RollcallQueue<MailJobData, unknown> =>
  createQueue<MailJobData, unknown>(MAIL_QUEUE, { connection, prefix, defaultJobOptions: MAIL_JOB_OPTIONS });

export const enqueueMail = (queue: RollcallQueue<MailJobData, unknown>, outboxId: string) => enqueue(queue, MAIL_JOB, { outboxId }, { jobId: mailJobId(outboxId) });

/** The delay before try n+1 after n failed tries: base, 2 x base, 4 x base ... (at most a day). */
export const mailRetryDelay = (attemptsMade: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), 24 * 60 * 60 * 1000);
