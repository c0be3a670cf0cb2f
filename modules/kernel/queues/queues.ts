import { Queue, Worker, type DefaultJobOptions, type Job, type JobsOptions } from "bullmq";
import { Cluster, Redis, type RedisOptions } from "ioredis";
import { createLogger, type Logger } from "../logger";
import { connectRedis, createRedis, type RedisClient, type RedisTarget } from "../redis";

/**
 * A Redis URL, ioredis options, or a target (`redisTargetOfClient` of another connection); either way the connection
 * gets `maxRetriesPerRequest: null`. On a Redis Cluster the queue's prefix gets braces (decision 129).
 */
export type QueueConnection = string | RedisOptions | RedisTarget;

/**
 * A queue's Redis key prefix on this connection: on a Redis Cluster every key of a queue must hash to one slot, so the
 * prefix becomes a hash tag (`{bull-rollcall}`); on one node it stays as it was (jobs queued under it are kept).
 */
export function queuePrefixOn(redis: RedisClient, prefix = "bull"): string {
  return redis instanceof Cluster && !/\{[^}]+\}/.test(prefix) ? `{${prefix}}` : prefix;
}

/** The job options every queue starts with; `createQueue(..., { defaultJobOptions })` overrides per key. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 1000 },
  removeOnComplete: { age: 24 * 60 * 60, count: 1000 }, // seconds
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const satisfies DefaultJobOptions;

export type CreateQueueOptions = {
  connection: QueueConnection;
  /** Redis key prefix of the queue (BullMQ's default is `bull`). Producers and workers must agree. */
  prefix?: string;
  /** Merged over DEFAULT_JOB_OPTIONS (shallow, per key). */
  defaultJobOptions?: DefaultJobOptions;
  logger?: Logger;
};

export type EnqueueOptions = Omit<JobsOptions, "jobId"> & {
  /** The idempotency key, required and non-empty. BullMQ refuses integer strings and (mostly) ids with `:`. */
  jobId: string;
};

/** A BullMQ Queue with its type parameters spelled out (no conditional Job-extraction types). */
export type TypedQueue<Data, Result> = Queue<Data, Result, string, Data, Result, string>;

export type Processor<Data, Result> = (job: Job<Data, Result>) => Promise<Result>;

export type CreateWorkerOptions = {
  connection: QueueConnection;
  /** How many jobs this worker runs at once. */
  concurrency: number;
  prefix?: string;
  /** How often (ms) this worker looks for jobs whose worker died. BullMQ default 30 000. */
  stalledInterval?: number;
  /** How long (ms) a job's lock lasts without renewal. BullMQ default 30 000. */
  lockDuration?: number;
  /** the delay before a job's next try, for jobs whose backoff type is not built in (see modules/mail) */
  backoffStrategy?: (attemptsMade: number, type?: string, error?: Error) => number;
  logger?: Logger;
};

export type WorkerHandle<Data, Result> = {
  worker: Worker<Data, Result>;
  /**
   * Graceful: stops taking jobs, waits for the active ones to finish, then closes the connections.
   * While Redis is unreachable BullMQ's close waits for it to come back; a shutdown that must end
   * regardless should race this against its own timer.
   */
  close(): Promise<void>;
};

/**
 * A queue whose Redis connection we opened, so `close()` also quits it
 * (BullMQ leaves a connection it was handed open).
 */
export class RollcallQueue<Data = unknown, Result = unknown> extends Queue<Data, Result, string, Data, Result, string> {
  readonly #redis: RedisClient;

  constructor(name: string, redis: RedisClient, options: { prefix?: string; defaultJobOptions: DefaultJobOptions }) {
    super(name, { connection: redis, prefix: queuePrefixOn(redis, options.prefix), defaultJobOptions: options.defaultJobOptions });
    this.#redis = redis;
  }

  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      await quit(this.#redis);
    }
  }
}

export function createQueue<Data = unknown, Result = unknown>(
  name: string,
  options: CreateQueueOptions,
): RollcallQueue<Data, Result> {
  const log = options.logger ?? createLogger(`queue:${name}`);
  const redis = connect(options.connection);
  const queue = new RollcallQueue<Data, Result>(name, redis, {
    prefix: options.prefix,
    defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...options.defaultJobOptions },
  });
  // without a listener an 'error' event (e.g. Redis went away) would throw and end the process
  queue.on("error", (error) => log.warn("queue error", { queue: name, error: error.message }));
  return queue;
}

/**
 * Adds a job keyed by `jobId`, the idempotency key. BullMQ ignores an add whose jobId already exists
 * in the queue (waiting, delayed, active, completed or failed) and returns the existing job instead:
 * adding the same jobId twice yields one job and one run. The guarantee lasts only while the job is
 * kept: once removeOnComplete / removeOnFail (or a clean) has removed it, the same jobId adds a new job.
 */
export async function enqueue<Data, Result>(
  queue: TypedQueue<Data, Result>,
  jobName: string,
  data: Data,
  options: EnqueueOptions,
): Promise<Job<Data, Result, string>> {
  if (typeof options.jobId !== "string" || options.jobId.length === 0) {
    throw new TypeError(`enqueue(${queue.name}, ${jobName}): a non-empty jobId is required`);
  }
  return queue.add(jobName, data, options);
}

/**
 * Starts a worker. Failed attempts are logged, errors of the worker or its connection are logged and
 * never thrown, and stalled-job recovery stays on (BullMQ's maxStalledCount 1): a job whose worker
 * died goes back to wait once its lock expires and another worker's stalled check sees it.
 */
export function createWorker<Data = unknown, Result = unknown>(
  name: string,
  processor: Processor<Data, Result>,
  options: CreateWorkerOptions,
): WorkerHandle<Data, Result> {
  const log = options.logger ?? createLogger(`worker:${name}`);
  const redis = connect(options.connection);
  const worker = new Worker<Data, Result, string>(name, processor, {
    connection: redis,
    prefix: queuePrefixOn(redis, options.prefix),
    concurrency: options.concurrency,
    ...(options.stalledInterval !== undefined && { stalledInterval: options.stalledInterval }),
    ...(options.lockDuration !== undefined && { lockDuration: options.lockDuration }),
    ...(options.backoffStrategy && { settings: { backoffStrategy: options.backoffStrategy } }),
  });

  worker.on("error", (error) => log.warn("worker error", { queue: name, error: error.message }));
  worker.on("failed", (job, error) => {
    // an UnrecoverableError (a delivery that cannot succeed, such as no mobile number) is not tried again
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === "UnrecoverableError";
    log.error(final ? "job failed for good" : "job attempt failed, will retry", {
      queue: name,
      jobId: job?.id,
      jobName: job?.name,
      attemptsMade: job?.attemptsMade,
      error: error.message,
    });
  });
  worker.on("stalled", (jobId) => log.warn("job stalled, moved back to wait", { queue: name, jobId }));

  let closing: Promise<void> | null = null;
  return {
    worker,
    close() {
      closing ??= (async () => {
        try {
          await worker.close();
        } finally {
          await quit(redis);
        }
      })();
      return closing;
    },
  };
}

function connect(connection: QueueConnection): RedisClient {
  const redis =
    typeof connection === "string"
      ? createRedis(connection)
      : "kind" in connection
        ? connectRedis(connection, { maxRetriesPerRequest: null, enableReadyCheck: true })
        : new Redis({ ...connection, maxRetriesPerRequest: null });
  // BullMQ adds its own listener once it wraps the client; this one covers the moments before and after
  redis.on("error", () => {});
  return redis;
}

/** QUIT when connected; otherwise (with maxRetriesPerRequest null QUIT would wait for Redis forever) drop it. */
async function quit(redis: RedisClient): Promise<void> {
  if (redis.status === "end") return;
  if (redis.status !== "ready") return redis.disconnect();
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
