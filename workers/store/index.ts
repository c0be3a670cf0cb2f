import type { Kysely } from "kysely";
import { releaseAbandonedCheckouts } from "../../modules/points";
import { systemClock, type Clock, type EventStore, type Logger } from "../../modules/kernel";
import type { WorkerCore } from "../core";

export const STORE_SWEEP = "store-abandoned-checkouts";
const SWEEP_EVERY_MS = 60_000;

/**
 * The store's sweep (decision 086): every minute, the checkouts that died between reserving units and placing
 * their order are given up and their units released (each step once: every worker process may sweep).
 */
export function startStoreSweep(options: { db: Kysely<unknown>; store: EventStore; logger: Logger; clock?: Clock; everyMs?: number }) {
  const services = { db: options.db, store: options.store, clock: options.clock ?? systemClock } as Parameters<typeof releaseAbandonedCheckouts>[0];
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = releaseAbandonedCheckouts(services)
      .then((n) => n > 0 && options.logger.info("abandoned checkouts released", { orders: n }))
      .catch((error: unknown) => options.logger.warn("store sweep failed", { error: String(error) }));
  }, options.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

export const storeSweepDefinition = { queue: STORE_SWEEP, start: (core: WorkerCore) => startStoreSweep({ db: core.db, store: core.store, logger: core.logger }) };
