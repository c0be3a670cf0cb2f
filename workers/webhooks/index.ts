import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { DELIVERY_KEPT_DAYS, endpointOfBatch, forgetFinishedDeliveries, pendingDeliveries, waitingBatches, webhookSubscriber, BATCHES_RECORDED } from "../../projections/integrations";
import { ProjectionRunner, type LiveMessageLike } from "../../projections";
import { createSender, createWebhookQueue, enqueueBatches, enqueueDeliveries, enqueueRetries, parseAllowList, webhookBackoff, WEBHOOK_QUEUE, WEBHOOK_SWEEP_JOB, WEBHOOK_SWEEP_SCHEDULER, type Sender, type WebhookJobData } from "../../modules/integrations";
import { publicUrlOf, systemClock, type Clock, type EventStore, type Logger } from "../../modules/kernel";
import { createWorker, type Job } from "../../modules/kernel/queues";
import type { WorkerCore } from "../core";
import { queuePrefixFor } from "../exports";
import { withGatheredWakes } from "./gathered-wakes";
import { processBatch, processDelivery } from "./processor";

export { processBatch, processDelivery, FAILING_LIMIT_MS } from "./processor";

/** Jobs (batches or single retries) run at once per worker process. */
export const WEBHOOK_CONCURRENCY = 8;
/** How often pending deliveries without a job are looked for, and how old they must be. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_AGE_MS = 30_000;
/** The subscriber reads the store at most this often when busy (decision 126: fewer, bigger batches). */
export const SUBSCRIBER_GATHER_MS = 100;

export type WebhookWorkerOptions = {
  db: Kysely<unknown>;
  store: EventStore;
  logger: Logger;
  redisUrl: string;
  prefix: string;
  publicUrl: string;
  sender: Sender;
  retryBaseMs: number;
  concurrency?: number;
  pollMs?: number;
  gatherMs?: number;
  clock?: Clock;
};

/**
 * The webhook worker (decision 079): the checkpointed subscriber that records deliveries and queues them
 * after its transaction commits, the BullMQ worker that sends them with exponential retries, and a sweep
 * that queues any pending delivery whose job was lost (a crash between commit and queueing).
 */
export function startWebhookWorker(options: WebhookWorkerOptions) {
  const queue = createWebhookQueue(options.redisUrl, options.prefix);
  const inChunks = (add: (ids: string[]) => Promise<unknown>) => async (ids: string[]) => {
    for (let i = 0; i < ids.length; i += 500) await add(ids.slice(i, i + 500));
  };
  const queueBatches = inChunks((ids) => enqueueBatches(queue, ids));
  const queueDeliveries = inChunks((ids) => enqueueDeliveries(queue, ids));
  const publisher = {
    publish: (messages: LiveMessageLike[]) => queueBatches(messages.filter((m) => m.event === BATCHES_RECORDED).flatMap((m) => m.payload as string[])),
  };
  const store = withGatheredWakes(options.store, options.gatherMs ?? SUBSCRIBER_GATHER_MS);
  const runner = new ProjectionRunner({ db: options.db, store, projection: webhookSubscriber, publisher, logger: options.logger, pollMs: options.pollMs ?? 250 });
  runner.start();
  const clock = options.clock ?? systemClock;
  const retry = inChunks((ids) => enqueueRetries(queue, ids, options.retryBaseMs));
  // one endpoint's batches run one after another in this process, in the order their jobs were taken
  // (the queue's order, which is the store's): first tries reach a receiver in order per stream
  const endpointTurns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(endpointId: string, work: () => Promise<T>): Promise<T> => {
    const previous = endpointTurns.get(endpointId) ?? Promise.resolve();
    const mine = previous.catch(() => undefined).then(work);
    const settled = mine.catch(() => undefined);
    endpointTurns.set(endpointId, settled);
    void settled.then(() => endpointTurns.get(endpointId) === settled && endpointTurns.delete(endpointId));
    return mine;
  };
  const deps = { db: options.db, store: options.store, clock, logger: options.logger, sender: options.sender, publicUrl: options.publicUrl, queuePrefix: options.prefix, retry };
  // a lost job is queued again under its own id (an existing job of that id makes the add a no-op)
  const sweep = async () => {
    const before = new Date(clock.now().getTime() - SWEEP_AGE_MS);
    await queueBatches((await waitingBatches(options.db, before)).map((b) => b.id));
    await queueDeliveries((await pendingDeliveries(options.db, before)).map((d) => d.id));
    const forgotten = await forgetFinishedDeliveries(options.db, new Date(clock.now().getTime() - DELIVERY_KEPT_DAYS * 86_400_000));
    if (forgotten) options.logger.info("old webhook deliveries forgotten", { count: forgotten, keptDays: DELIVERY_KEPT_DAYS });
  };
  const handle = createWorker<WebhookJobData, unknown>(
    WEBHOOK_QUEUE,
    (job: Job<WebhookJobData>) =>
      job.name === WEBHOOK_SWEEP_JOB ? sweep().then(() => ({ status: "swept" })) : job.data.batchId ? inTurn(endpointOfBatch(job.data.batchId), () => processBatch(deps, job.data.batchId!)) : processDelivery(deps, job as Job<{ deliveryId: string }>),
    { connection: options.redisUrl, prefix: options.prefix, concurrency: options.concurrency ?? WEBHOOK_CONCURRENCY, logger: options.logger, backoffStrategy: (attemptsMade, type) => webhookBackoff(attemptsMade, type, options.retryBaseMs) },
  );
  void sweep().catch((error: unknown) => options.logger.warn("webhook sweep failed", { error: String(error) }));
  void queue
    .upsertJobScheduler(WEBHOOK_SWEEP_SCHEDULER, { every: SWEEP_EVERY_MS }, { name: WEBHOOK_SWEEP_JOB, data: { deliveryId: "" }, opts: { removeOnComplete: 10, removeOnFail: 10, attempts: 1 } })
    .catch((error: unknown) => options.logger.warn("could not schedule the webhook sweep", { error: String(error) }));
  return {
    queue,
    runner,
    worker: handle.worker,
    async close() {
      await runner.stop();
      await handle.close();
      await queue.close();
      options.sender.close();
    },
  };
}

/** The worker role's webhook worker, from the environment (WEBHOOK_ALLOW_HOSTS, WEBHOOK_CA_FILE, WEBHOOK_RETRY_BASE_MS). */
export function startWebhookWorkerFor(core: WorkerCore) {
  const ca = core.env.WEBHOOK_CA_FILE ? readFileSync(core.env.WEBHOOK_CA_FILE, "utf8") : undefined;
  return startWebhookWorker({
    db: core.db,
    store: core.store,
    logger: core.logger,
    redisUrl: core.env.REDIS_URL,
    prefix: queuePrefixFor(core.env.DATABASE_URL),
    publicUrl: publicUrlOf(core.env),
    sender: createSender({ allow: parseAllowList(core.env.WEBHOOK_ALLOW_HOSTS), ca }),
    retryBaseMs: core.env.WEBHOOK_RETRY_BASE_MS,
    pollMs: core.env.PROJECTION_POLL_MS,
  });
}

export const webhookWorkerDefinition = { queue: WEBHOOK_QUEUE, start: startWebhookWorkerFor };
