import type { Services } from "../identity";
import { handleCommand, handleInBatch, type Alongside, type Claimed, type Command, type Decider, type DomainEvent, type HandleOptions } from "../kernel";
import { waitForProjection } from "../../projections/runner";

/**
 * Decide and append on one stream (expected revision, retried on conflict); throws a refusal. A stream many
 * write at once (a store item on sale) gets many retries: each round one writer wins and the rest read again.
 */
export async function runOn<S, C extends Command, E extends DomainEvent>(services: Pick<Services, "store" | "clock">, decider: Decider<S, C, E>, streamId: string, command: C, maxRetries = 10, firstRead?: HandleOptions["firstRead"]) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, decider, streamId, command, { maxRetries, firstRead });
  if (!result.ok) throw result.error;
  return result;
}

/**
 * As `runOn`, for a stream many write at once: the commands asked for together are decided and appended together
 * (decision 116). `claimed`: the stream's state as a read model folds it, appended from unread (decision 125).
 * `alongside`: decisions on other streams appended with the command's in one transaction (decision 137).
 */
export async function runInBatch<S, C extends Command, E extends DomainEvent>(services: Pick<Services, "store" | "clock">, decider: Decider<S, C, E>, streamId: string, command: C, maxRetries = 10, firstRead?: HandleOptions["firstRead"], claimed?: Promise<Claimed | undefined>, alongside?: Alongside) {
  const result = await handleInBatch({ store: services.store, clock: services.clock }, decider, streamId, command, { maxRetries, firstRead, claimed, alongside });
  if (!result.ok) throw result.error;
  return result;
}

/** Read your writes: wait for the points projection to pass the events appended. */
export async function settled(services: Services, positions: readonly number[]) {
  const position = Math.max(0, ...positions);
  if (position > 0) await waitForProjection(services, "points", { atLeast: position });
}

/** Read your writes when the positions are not known (a refused checkout's releases): the projection at the store's head. */
export async function settledAll(services: Services) {
  await waitForProjection(services, "points");
}
