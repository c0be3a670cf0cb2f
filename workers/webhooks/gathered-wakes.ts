import type { EventStore } from "../../modules/kernel";

/**
 * The store as the webhook subscriber reads it (decision 126): its wake-ups (one per commit that appended events,
 * dozens a second when busy) reach the subscriber at most once per `everyMs`, the first after a quiet spell at
 * once. When busy, each read then gathers more events: fewer subscriber transactions, fewer and bigger batches
 * (one row and one job each), for at most `everyMs` more delay.
 */
export function withGatheredWakes(store: EventStore, everyMs: number): EventStore {
  const watch = (onWake: () => void) => {
    let last = 0;
    let timer: NodeJS.Timeout | null = null;
    const fire = () => {
      timer = null;
      last = Date.now();
      onWake();
    };
    const unwatch = store.watch(() => {
      if (timer) return;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    });
    return () => {
      if (timer) clearTimeout(timer);
      unwatch();
    };
  };
  return new Proxy(store, {
    get(target, key) {
      if (key === "watch") return watch;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
