import { Waker } from "../waker";
import type { EventStore, SubscribeOptions, Subscription, SubscriptionHandler } from "./types";

/**
 * A catch-up subscription built on readAll + watch: reads batches from a position, hands them to
 * the handler in order, and waits for a wake-up (or the poll interval) when it has caught up.
 */
export function pollingSubscription(
  store: Pick<EventStore, "readAll" | "watch">,
  fromPosition: number,
  handler: SubscriptionHandler,
  { batchSize = 500, pollMs = 250 }: SubscribeOptions = {},
): Subscription {
  let position = fromPosition;
  let stopped = false;
  const waker = new Waker();
  const unwatch = store.watch(() => waker.wake());

  const done = (async () => {
    try {
      while (!stopped) {
        const events = await store.readAll(position, batchSize);
        if (stopped) break;
        if (events.length === 0) {
          await waker.sleep(pollMs);
          continue;
        }
        await handler(events);
        position = events[events.length - 1]!.position;
      }
    } finally {
      unwatch();
    }
  })();

  return {
    get position() {
      return position;
    },
    done,
    async stop() {
      stopped = true;
      waker.wake();
      await done.catch(() => undefined);
    },
  };
}
