import type { AnyProjection } from "./runner";
import { appointmentsProjection } from "./appointments";
import { assetsProjection } from "./assets";
import { auditProjection } from "./audit";
import { checkInProjection } from "./check-in";
import { eventStatsProjection } from "./event-stats";
import { exportsProjection } from "./exports";
import { flagsProjection } from "./flags";
import { guardiansProjection, identityProjection } from "./identity";
import { notesProjection } from "./notes";
import { organizationRequestsProjection, organizationsProjection } from "./organizations";
import { participantsProjection } from "./participants";
import { programAttendanceProjection, programsProjection } from "./programs";
import { requestsProjection } from "./requests";
import { messagesProjection } from "./messages";
import { announcementsProjection } from "./announcements";
import { surveysProjection } from "./surveys";
import { attendancePointsProjection, pointsProjection } from "./points";
import { integrationsProjection } from "./integrations";
import { reportsProjection } from "./reports";
import { screeningProjection } from "./screening";
import { waiversProjection } from "./waivers";
import { resourcesProjection } from "./resources";
import { challengeProgressProjection, challengesProjection } from "./challenges";

/** Every projection the projector runs. */
export const projections: readonly AnyProjection[] = [eventStatsProjection, organizationsProjection, identityProjection, participantsProjection, guardiansProjection, checkInProjection, programsProjection, programAttendanceProjection, waiversProjection, flagsProjection, screeningProjection, exportsProjection, notesProjection, assetsProjection, auditProjection, appointmentsProjection, requestsProjection, organizationRequestsProjection, messagesProjection, announcementsProjection, surveysProjection, pointsProjection, attendancePointsProjection, integrationsProjection, reportsProjection, resourcesProjection, challengesProjection, challengeProgressProjection];

export function findProjection(name: string): AnyProjection | undefined {
  return projections.find((p) => p.name === name);
}
