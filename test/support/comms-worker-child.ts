/**
 * The communications and mail workers in a process of their own, for the SIGKILL test (decision 089): over
 * DATABASE_URL and REDIS_URL, mail to SMTP_URL, with short job locks (LOCK_MS) so a successor notices the dead
 * worker's jobs quickly, and per-organization rate limits (RATE) so the kill lands mid-send. Prints "started".
 */
import { createDb, createLogger, createPool, PostgresEventStore } from "../../modules/kernel";
import { queuePrefixFor } from "../../workers/exports";
import { startCommunicationWorker } from "../../workers/communications";
import { startMailWorker } from "../../workers/mail";

const url = process.env.DATABASE_URL!;
const redisUrl = process.env.REDIS_URL!;
const lockDuration = Number(process.env.LOCK_MS ?? 1500);
const rate = Number(process.env.RATE ?? 40);
const pool = createPool(url, { max: 6, applicationName: "rollcall-comms-kill-child" });
const db = createDb<unknown>(pool);
const store = new PostgresEventStore(pool, url);
const logger = createLogger("comms-child");
const prefix = queuePrefixFor(url);
startCommunicationWorker({ db, store, logger, redisUrl, prefix, publicUrl: "http://rollcall.test", retryBaseMs: 200, lockDuration, stalledInterval: lockDuration, rateLimits: { INTERNAL: rate, EMAIL: rate }, concurrency: { INTERNAL: 4, EMAIL: 4 } });
startMailWorker({ db, logger, redisUrl, prefix, smtpUrl: process.env.SMTP_URL!, from: "no-reply@rollcall.test", retryBaseMs: 200, concurrency: 2, lockDuration, stalledInterval: lockDuration, sweepEveryMs: 2000 });
process.stdout.write("started\n");
