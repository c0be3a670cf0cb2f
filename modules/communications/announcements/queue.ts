import type { DefaultJobOptions } from "bullmq";
import { createQueue, enqueue, type QueueConnection, type RollcallQueue } from "../../kernel/queues";
import type { Channel } from "./events";

/**
 * Delivery queues (decision 089): one for the fan-out (a send, a scheduled send's delay, a retraction, the sweep),
 * then one per channel, so a slow SMS provider never holds up the inbox. A delivery's job id is its key
 * (channel, announcement, recipient): adding it twice is one job.
 */
export const FANOUT_QUEUE = "comm-fanout";
export const CHANNEL_QUEUES: Record<Channel, string> = { INTERNAL: "comm-internal", EMAIL: "comm-email", SMS: "comm-sms" };
export const FANOUT_JOB = "fanout";
export const RETRACT_JOB = "retract";
export const SWEEP_JOB = "sweep";
export const COMM_SWEEP_SCHEDULER = "comm-sweep";
export const DELIVER_JOB = "deliver";
export const COMM_BACKOFF = "comm-exponential";

export type FanoutJobData = { announcementId: string; organizationId: string };
export type DeliveryJobData = { announcementId: string; organizationId: string; userId: string; channel: Channel };

/** Six tries: after 10 s, 20 s, 40 s, 80 s and 160 s (the worker's base delay doubles). */
export const DELIVERY_ATTEMPTS = 6;
export const COMM_JOB_OPTIONS = {
  attempts: DELIVERY_ATTEMPTS,
  backoff: { type: COMM_BACKOFF },
  removeOnComplete: { age: 24 * 60 * 60, count: 20_000 },
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const satisfies DefaultJobOptions;

export const fanoutJobId = (announcementId: string) => `fanout-${announcementId}`;
export const retractJobId = (announcementId: string) => `retract-${announcementId}`;
export const deliveryJobId = (d: { announcementId: string; userId: string; channel: Channel }) => `${d.channel.toLowerCase()}-${d.announcementId}-${d.userId}`;

export const createFanoutQueue = (connection: QueueConnection, prefix: string): RollcallQueue<FanoutJobData, unknown> =>
  createQueue<FanoutJobData, unknown>(FANOUT_QUEUE, { connection, prefix, defaultJobOptions: COMM_JOB_OPTIONS });
export const createChannelQueue = (channel: Channel, connection: QueueConnection, prefix: string): RollcallQueue<DeliveryJobData, unknown> =>
  createQueue<DeliveryJobData, unknown>(CHANNEL_QUEUES[channel], { connection, prefix, defaultJobOptions: COMM_JOB_OPTIONS });

/** The fan-out job, at the send time (a delay for a scheduled send). */
export const enqueueFanout = (queue: RollcallQueue<FanoutJobData, unknown>, data: FanoutJobData, delayMs: number) =>
  enqueue(queue, FANOUT_JOB, data, { jobId: fanoutJobId(data.announcementId), delay: Math.max(0, delayMs) });
export const enqueueRetract = (queue: RollcallQueue<FanoutJobData, unknown>, data: FanoutJobData) => enqueue(queue, RETRACT_JOB, data, { jobId: retractJobId(data.announcementId) });

/** Deliveries' jobs, in bulk (BullMQ's addBulk keeps the job ids: one already there is not added again). */
export async function enqueueDeliveries(queue: RollcallQueue<DeliveryJobData, unknown>, deliveries: DeliveryJobData[]): Promise<void> {
  for (let i = 0; i < deliveries.length; i += 500) {
    await queue.addBulk(deliveries.slice(i, i + 500).map((data) => ({ name: DELIVER_JOB, data, opts: { jobId: deliveryJobId(data) } })));
  }
}

export const commRetryDelay = (attemptsMade: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), 60 * 60 * 1000);

/** Deliveries per second per organization and channel (decision 089): one school's 10,000 never starve another's. */
export const RATE_LIMITS: Record<Channel, number> = { INTERNAL: 200, EMAIL: 50, SMS: 10 };
