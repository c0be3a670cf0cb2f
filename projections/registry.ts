import type { AnyProjection } from "./runner";
import { checkInProjection } from "./check-in";
import { eventStatsProjection } from "./event-stats";
import { flagsProjection } from "./flags";
import { identityProjection } from "./identity";
import { organizationsProjection } from "./organizations";
import { participantsProjection } from "./participants";
import { programsProjection } from "./programs";
import { waiversProjection } from "./waivers";

/** Every projection the projector runs. */
export const projections: readonly AnyProjection[] = [eventStatsProjection, organizationsProjection, identityProjection, participantsProjection, checkInProjection, programsProjection, waiversProjection, flagsProjection];

export function findProjection(name: string): AnyProjection | undefined {
  return projections.find((p) => p.name === name);
}
