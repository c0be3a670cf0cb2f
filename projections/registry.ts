import type { AnyProjection } from "./runner";
import { eventStatsProjection } from "./event-stats";

/** Every projection the projector runs. */
export const projections: readonly AnyProjection[] = [eventStatsProjection];

export function findProjection(name: string): AnyProjection | undefined {
  return projections.find((p) => p.name === name);
}
