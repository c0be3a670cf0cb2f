import type { DefaultJobOptions } from "bullmq";
import { createQueue, enqueue, type QueueConnection, type RollcallQueue } from "../../kernel/queues";

/** The delivery queue (decision 079): one job per delivery, its id the delivery's (a second add is ignored). */
export const WEBHOOK_QUEUE = "webhooks";
export const WEBHOOK_JOB = "deliver";
export const WEBHOOK_SWEEP_JOB = "sweep";
export const WEBHOOK_SWEEP_SCHEDULER = "webhook-sweep";
export const WEBHOOK_BACKOFF = "webhook-exponential";

export type WebhookJobData = { deliveryId: string };

/**
 * Fourteen tries: the first at once, then after base, 2 x base ... 4096 x base. With the default base of
 * 11 s the last try comes about 25 hours after the first: an endpoint down for less than a day still gets
 * every delivery, and one failing for 24 hours is disabled before its deliveries give up.
 */
export const WEBHOOK_ATTEMPTS = 14;
export const webhookRetryDelay = (attemptsMade: number, baseMs: number) => baseMs * 2 ** Math.max(0, attemptsMade - 1);

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

/** Queues many deliveries in one round trip (the subscriber's batch), each job id its delivery's. */
export const enqueueDeliveries = (queue: RollcallQueue<WebhookJobData, unknown>, deliveryIds: readonly string[]) =>
  deliveryIds.length ? queue.addBulk(deliveryIds.map((deliveryId) => ({ name: WEBHOOK_JOB, data: { deliveryId }, opts: { jobId: deliveryId } }))) : Promise.resolve([]);
