import type { AnyProjection } from "./runner";
import { eventStatsProjection } from "./event-stats";
import { identityProjection } from "./identity";
import { organizationsProjection } from "./organizations";

/** Every projection the projector runs. */
export const projections: readonly AnyProjection[] = [eventStatsProjection, organizationsProjection, identityProjection];

export function findProjection(name: string): AnyProjection | undefined {
  return projections.find((p) => p.name === name);
}
