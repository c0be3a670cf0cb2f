import type { EventStore } from "../kernel";

/** How many members' last spends a store remembers (least recently spent out first). */
export const SPENT_STATES_MAX = 1_000;

type Spent = { revision: number; balance: number };
/** per store (two apps in one process never share one), then per member */
const stores = new WeakMap<EventStore, Map<string, Spent>>();

/**
 * The balance a member's points stream was left at by this process's last spend on it, and that revision
 * (decision 132). The spend's append carried the expected revision of the state it was decided on, so the
 * stream up to `revision` is that state's events and the spend's. A claim made from it (`claimedSpendState`)
 * is still only a claim: appended from with its revision, never refused from.
 */
export function rememberSpend(store: EventStore, participantId: string, revision: number, balance: number): void {
  let spent = stores.get(store);
  if (!spent) stores.set(store, (spent = new Map()));
  const before = spent.get(participantId);
  if (before && before.revision >= revision) return;
  spent.delete(participantId);
  spent.set(participantId, { revision, balance });
  if (spent.size > SPENT_STATES_MAX) spent.delete(spent.keys().next().value!);
}

export const lastSpendOf = (store: EventStore, participantId: string): Spent | undefined => stores.get(store)?.get(participantId);
