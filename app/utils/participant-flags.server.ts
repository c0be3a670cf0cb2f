import { activeFlags } from "#projections/flags";
import type { AppServices } from "./load-context";

/**
 * The participant header's flag badges (decision 037): which types are active, not their reasons (the
 * Notes tab has those). A .server file, so the browser build never reaches the read model.
 */
export async function headerFlagsOf(services: AppServices, organizationId: string, participantId: string): Promise<{ stop: boolean; warn: boolean }> {
  const active = await activeFlags(services.db, organizationId, participantId);
  return { stop: active.some((f) => f.type === "stop"), warn: active.some((f) => f.type === "warn") };
}
