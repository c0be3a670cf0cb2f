import type { Kysely } from "kysely";
import {
  CHANNELS,
  COMM_SWEEP_SCHEDULER,
  commRetryDelay,
  createChannelQueue,
  createFanoutQueue,
  deliver,
  FANOUT_QUEUE,
  CHANNEL_QUEUES,
  outboxProvider,
  processFanoutJob,
  SWEEP_JOB,
  twilioConfigFrom,
  twilioProvider,
  type Channel,
  type DeliveryDeps,
  type DeliveryJobData,
  type FanoutJobData,
  type SmsProvider,
} from "../../modules/communications";
import { createRedis, publicUrlOf, systemClock, type Clock, type EventStore, type Logger } from "../../modules/kernel";
import { createWorker, type Job, type RollcallQueue } from "../../modules/kernel/queues";
import { keepSms } from "../../projections/announcements";
import type { ReadModels } from "../../projections";
import type { WorkerCore } from "../core";
import { queuePrefixFor } from "../exports";

/** Deliveries at once per worker process, per channel. */
export const COMM_CONCURRENCY: Record<Channel, number> = { INTERNAL: 8, EMAIL: 8, SMS: 4 };
export const COMM_RETRY_BASE_MS = 10_000;
const SWEEP_EVERY_MS = 60_000;

export type CommunicationWorkerOptions = {
  db: Kysely<unknown>;
  store: EventStore;
  logger: Logger;
  redisUrl: string;
  prefix: string;
  publicUrl: string;
  /** unset: the embedded outbox (kept, shown on /dev/mail) */
  sms?: SmsProvider;
  retryBaseMs?: number;
  concurrency?: Partial<Record<Channel, number>>;
  rateLimits?: Partial<Record<Channel, number>>;
  /** a job's lock (ms): a worker that died mid-send is noticed after about this (tests shorten it) */
  lockDuration?: number;
  stalledInterval?: number;
  clock?: Clock;
};

/**
 * The announcements' workers (decision 089), runnable on their own: the fan-out queue (sends, scheduled sends,
 * retractions, the sweep) and one queue per channel. E-mail deliveries hand over to the mail queue, whose own
 * worker sends them.
 */
export function startCommunicationWorker(options: CommunicationWorkerOptions) {
  const redis = createRedis(options.redisUrl);
  redis.on("error", () => {});
  const db = options.db as Kysely<ReadModels>;
  const fanoutQueue = createFanoutQueue(options.redisUrl, options.prefix);
  const channelQueues = Object.fromEntries(CHANNELS.map((c) => [c, createChannelQueue(c, options.redisUrl, options.prefix)])) as Record<Channel, RollcallQueue<DeliveryJobData, unknown>>;
  const deps: DeliveryDeps = {
    db,
    store: options.store,
    clock: options.clock ?? systemClock,
    logger: options.logger,
    redis,
    publicUrl: options.publicUrl,
    queuePrefix: options.prefix,
    sms: options.sms ?? outboxProvider((m) => keepSms(db, m)),
    channelQueues,
    fanoutQueue,
    rateLimits: options.rateLimits,
  };
  const common = {
    connection: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    backoffStrategy: (attemptsMade: number) => commRetryDelay(attemptsMade, options.retryBaseMs ?? COMM_RETRY_BASE_MS),
    ...(options.lockDuration !== undefined && { lockDuration: options.lockDuration }),
    ...(options.stalledInterval !== undefined && { stalledInterval: options.stalledInterval }),
  };
  const handles: { close(): Promise<void> }[] = [
    createWorker<FanoutJobData, unknown>(FANOUT_QUEUE, (job: Job<FanoutJobData>) => processFanoutJob(deps, job), { ...common, concurrency: 2 }),
    ...CHANNELS.map(
      (channel) =>
        createWorker<DeliveryJobData, unknown>(CHANNEL_QUEUES[channel], (job: Job<DeliveryJobData>, token?: string) => deliver(deps, job, token), {
          ...common,
          concurrency: options.concurrency?.[channel] ?? COMM_CONCURRENCY[channel],
        }),
    ),
  ];
  void fanoutQueue
    .upsertJobScheduler(COMM_SWEEP_SCHEDULER, { every: SWEEP_EVERY_MS }, { name: SWEEP_JOB, data: { announcementId: "", organizationId: "" }, opts: { removeOnComplete: 10, removeOnFail: 10, attempts: 1 } })
    .catch((error: unknown) => options.logger.warn("could not schedule the communications sweep", { error: String(error) }));
  return {
    fanoutQueue,
    channelQueues,
    deps,
    async close() {
      await Promise.all(handles.map((h) => h.close()));
      await Promise.all([fanoutQueue.close(), ...Object.values(channelQueues).map((q) => q.close())]);
      redis.disconnect();
    },
  };
}

/** The worker role's communications worker: Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set. */
export function startCommunicationWorkerFor(core: WorkerCore) {
  const twilio = twilioConfigFrom(process.env, publicUrlOf(core.env));
  if (!twilio) core.logger.info("Twilio is not configured: text messages are kept in the SMS outbox (/dev/mail outside production)");
  return startCommunicationWorker({
    db: core.db,
    store: core.store,
    logger: core.logger,
    redisUrl: core.env.REDIS_URL,
    prefix: queuePrefixFor(core.env.DATABASE_URL),
    publicUrl: publicUrlOf(core.env),
    ...(twilio && { sms: twilioProvider(twilio) }),
  });
}

export const communicationWorkerDefinition = { queue: FANOUT_QUEUE, start: startCommunicationWorkerFor };
