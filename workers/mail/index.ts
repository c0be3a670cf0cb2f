import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import { systemClock, type Clock, type Logger } from "../../modules/kernel";
import { createWorker } from "../../modules/kernel/queues";
import { createMailQueue, MAIL_QUEUE, MAIL_SWEEP_JOB, MAIL_SWEEP_SCHEDULER, mailRetryDelay, type MailJobData } from "../../modules/mail";
import type { WorkerCore } from "../core";
import { queuePrefixFor } from "../exports";
import { processMail, sweepQueuedMail, type MailTransport, type MailWorkerDeps } from "./processor";

export { processMail, sweepQueuedMail, type MailTransport, type MailWorkerDeps, type OutgoingMail, type MailJobResult } from "./processor";

/** Messages sent at once per worker process (the SMTP pool keeps up to this many connections). */
export const MAIL_CONCURRENCY = 5;
/** The first retry's delay; each later one doubles (decision 059). */
export const MAIL_RETRY_BASE_MS = 30_000;
/** How often the worker looks for queued rows without a job. */
export const MAIL_SWEEP_EVERY_MS = 60_000;

/** A pooled nodemailer SMTP transport for SMTP_URL (smtp:// or smtps://, user and password in the URL). */
export function smtpTransport(smtpUrl: string, maxConnections = MAIL_CONCURRENCY): MailTransport & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return { sendMail: (mail) => transport.sendMail(mail), close: () => transport.close() };
}

export type MailWorkerOptions = {
  db: Kysely<unknown>;
  logger: Logger;
  redisUrl: string;
  /** the queue's Redis key prefix (queuePrefixFor(DATABASE_URL)): producers and the worker must agree */
  prefix: string;
  /** unset: the local outbox (messages kept, shown at /dev/mail) */
  smtpUrl?: string;
  /** MAIL_FROM */
  from: string;
  /** a transport of the caller's (tests), instead of one made from smtpUrl */
  transport?: MailTransport | null;
  concurrency?: number;
  retryBaseMs?: number;
  sweepEveryMs?: number;
  /** a job's lock (ms): a worker that died mid-send is noticed after about this (the kill tests shorten it) */
  lockDuration?: number;
  stalledInterval?: number;
  clock?: Clock;
};

/**
 * The mail worker (decision 059), runnable on its own in any process: a benchmark or a test starts it
 * against an SMTP server of its own with `startMailWorker({ db, logger, redisUrl, prefix, smtpUrl, from })`.
 * It sweeps once at start (rows queued while no worker ran), then every `sweepEveryMs`.
 */
export function startMailWorker(options: MailWorkerOptions) {
  const queue = createMailQueue(options.redisUrl, options.prefix);
  const smtp = options.transport === undefined && options.smtpUrl ? smtpTransport(options.smtpUrl, options.concurrency ?? MAIL_CONCURRENCY) : null;
  const deps: MailWorkerDeps = {
    db: options.db,
    clock: options.clock ?? systemClock,
    logger: options.logger,
    transport: options.transport === undefined ? smtp : options.transport,
    from: options.from,
    queue,
  };
  const retryBaseMs = options.retryBaseMs ?? MAIL_RETRY_BASE_MS;
  const handle = createWorker<MailJobData, unknown>(MAIL_QUEUE, (job) => processMail(deps, job), {
    connection: options.redisUrl,
    prefix: options.prefix,
    concurrency: options.concurrency ?? MAIL_CONCURRENCY,
    logger: options.logger,
    backoffStrategy: (attemptsMade) => mailRetryDelay(attemptsMade, retryBaseMs),
    ...(options.lockDuration !== undefined && { lockDuration: options.lockDuration }),
    ...(options.stalledInterval !== undefined && { stalledInterval: options.stalledInterval }),
  });
  const sweepEveryMs = options.sweepEveryMs ?? MAIL_SWEEP_EVERY_MS;
  void sweepQueuedMail(deps).catch((error: unknown) => options.logger.warn("mail sweep failed", { error: String(error) }));
  void queue
    .upsertJobScheduler(MAIL_SWEEP_SCHEDULER, { every: sweepEveryMs }, { name: MAIL_SWEEP_JOB, data: { outboxId: "" }, opts: { removeOnComplete: 10, removeOnFail: 10, attempts: 1 } })
    .catch((error: unknown) => options.logger.warn("could not schedule the mail sweep", { error: String(error) }));
  return {
    queue,
    worker: handle.worker,
    async close() {
      await handle.close();
      await queue.close();
      smtp?.close();
    },
  };
}

/** The worker role's mail worker, from the environment: SMTP_URL, MAIL_FROM. */
export function startMailWorkerFor(core: WorkerCore) {
  if (!core.env.SMTP_URL) core.logger.info("SMTP_URL is not set: mail is kept in the local outbox (/dev/mail outside production)");
  return startMailWorker({
    db: core.db,
    logger: core.logger,
    redisUrl: core.env.REDIS_URL,
    prefix: queuePrefixFor(core.env.DATABASE_URL),
    smtpUrl: core.env.SMTP_URL,
    from: core.env.MAIL_FROM,
  });
}

export const mailWorkerDefinition = { queue: MAIL_QUEUE, start: startMailWorkerFor };
