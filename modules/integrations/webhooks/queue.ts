import type { DefaultJobOptions } from "bullmq";
import { createQueue, enqueue, type QueueConnection, type RollcallQueue } from "../../kernel/queues";

/**
 * The delivery queue (decisions 079, 096): a first try is one job per batch of an endpoint's deliveries (its id
 * the batch's); a retry or a redelivery is one job per delivery (its id the delivery's). A second add is ignored.
 */
export const WEBHOOK_QUEUE = "webhooks";
export const WEBHOOK_JOB = "deliver";
export const WEBHOOK_BATCH_JOB = "batch";
export const WEBHOOK_SWEEP_JOB = "sweep";
export const WEBHOOK_SWEEP_SCHEDULER = "webhook-sweep";
export const WEBHOOK_BACKOFF = "webhook-exponential";
/** A retry job's backoff: its first run is already the delivery's second try. */
export const WEBHOOK_RETRY_BACKOFF = "webhook-retry";

export type WebhookJobData = { deliveryId: string; batchId?: undefined } | { batchId: string; deliveryId?: undefined };

/**
 * Fourteen tries: the first at once, then after base, 2 x base ... 4096 x base. With the default base of
 * 11 s the last try comes about 25 hours after the first: an endpoint down for less than a day still gets
 * every delivery, and one failing for 24 hours is disabled before its deliveries give up.
 */
export const WEBHOOK_ATTEMPTS = 14;
export const webhookRetryDelay = (attemptsMade: number, baseMs: number) => baseMs * 2 ** Math.max(0, attemptsMade - 1);
/** The delay before a job's next run: a retry job's runs are the delivery's tries 2 to 14. */
export const webhookBackoff = (attemptsMade: number, type: string | undefined, baseMs: number) => webhookRetryDelay(type === WEBHOOK_RETRY_BACKOFF ? attemptsMade + 1 : attemptsMade, baseMs);

export const WEBHOOK_JOB_OPTIONS = {
  attempts: WEBHOOK_ATTEMPTS,
  backoff: { type: WEBHOOK_BACKOFF },
  removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const satisfies DefaultJobOptions;

export const createWebhookQueue = (connection: QueueConnection, prefix: string): RollcallQueue<WebhookJobData, unknown> =>
  createQueue<WebhookJobData, unknown>(WEBHOOK_QUEUE, { connection, prefix, defaultJobOptions: WEBHOOK_JOB_OPTIONS });

/** Queues a delivery; `round` > 0 for an admin's redelivery (a new job for the same delivery id). */
export const enqueueDelivery = (queue: RollcallQueue<WebhookJobData, unknown>, deliveryId: string, round = 0) =>
  enqueue(queue, WEBHOOK_JOB, { deliveryId }, { jobId: round ? `${deliveryId}-r${round}` : deliveryId });

/** Queues batches in one round trip (the subscriber's, or the sweep's for a lost job), each job id its batch's. */
export const enqueueBatches = (queue: RollcallQueue<WebhookJobData, unknown>, batchIds: readonly string[]) =>
  batchIds.length ? queue.addBulk(batchIds.map((batchId) => ({ name: WEBHOOK_BATCH_JOB, data: { batchId }, opts: { jobId: batchId } }))) : Promise.resolve([]);

/**
 * Queues the retries of a batch's failed deliveries: each its own job (id the delivery's), first run after the
 * base delay, for the 13 tries left.
 */
export const enqueueRetries = (queue: RollcallQueue<WebhookJobData, unknown>, deliveryIds: readonly string[], baseMs: number) =>
  deliveryIds.length
    ? queue.addBulk(deliveryIds.map((deliveryId) => ({ name: WEBHOOK_JOB, data: { deliveryId }, opts: { jobId: deliveryId, delay: baseMs, attempts: WEBHOOK_ATTEMPTS - 1, backoff: { type: WEBHOOK_RETRY_BACKOFF } } })))
    : Promise.resolve([]);

/** Queues single deliveries (the sweep's, for a delivery waiting for a retry whose job was lost), each job id its delivery's. */
export const enqueueDeliveries = (queue: RollcallQueue<WebhookJobData, unknown>, deliveryIds: readonly string[]) =>
  deliveryIds.length ? queue.addBulk(deliveryIds.map((deliveryId) => ({ name: WEBHOOK_JOB, data: { deliveryId }, opts: { jobId: deliveryId } }))) : Promise.resolve([]);
