import type { Kysely } from "kysely";
import type { EventStore, KernelTables } from "../../modules/kernel";
import { readCheckpoint } from "./checkpoints";

/**
 * Read-your-writes after a command (house rule 2: screens read read models). Waits until the named
 * projection's checkpoint has reached the store's head (or `atLeast`), so what is read next shows the
 * change. Gives up after `timeoutMs` and answers false: the caller then shows the read model as it is,
 * and the live update brings the rest.
 */
export async function waitForProjection(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read-model database handle
  services: { db: Kysely<any>; store: Pick<EventStore, "headPosition"> },
  projection: string,
  { atLeast = 0, timeoutMs = 3_000, pollMs = 20 }: { atLeast?: number; timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const target = Math.max(atLeast, await services.store.headPosition());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Number(await readCheckpoint(services.db as unknown as Kysely<KernelTables>, projection)) >= target) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
