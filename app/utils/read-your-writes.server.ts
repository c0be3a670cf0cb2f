import type { Kysely } from "kysely";
import type { KernelTables } from "#modules/kernel";
import { readCheckpoint } from "#projections";
import type { AppServices } from "./load-context";

/**
 * Read-your-writes for a page after its own command (house rule 2: screens read read models). Waits
 * until the named projection's checkpoint has reached the store's head (or `atLeast`), so the loader
 * Remix runs after the action shows the change. Gives up after `timeoutMs` and answers false: the page
 * then shows the read model as it is, and the live update brings the rest.
 */
export async function waitForProjection(
  services: AppServices,
  projection: string,
  { atLeast = 0, timeoutMs = 3_000, pollMs = 20 }: { atLeast?: number; timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const target = Math.max(atLeast, await services.store.headPosition());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // the checkpoint is the projection runner's (projections/runner): read through its function
    if (Number(await readCheckpoint(services.db as unknown as Kysely<KernelTables>, projection)) >= target) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
