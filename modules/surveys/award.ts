import { handleCommand, idFrom } from "../kernel";
import type { Services } from "../identity";
import { pointsDecider, pointsStreamId, type PointsCommand } from "../points";

/**
 * Points for completing a survey (decision 111): category `challenge` (surveys are in the Challenges group),
 * source { kind: survey, id }. The command id and the entry id derive from the survey and the member only, so a
 * retry, a replay or a second request appends the award once (the store is idempotent on event ids; the ledger's
 * decider also keeps one standing award per source).
 */
export function surveyAwardCommand(c: { organizationId: string; surveyId: string; participantId: string; points: number; name: string; actorId: string | null }): PointsCommand {
  const commandId = idFrom("survey-award", c.surveyId, c.participantId);
  return {
    type: "AwardPoints",
    data: { organizationId: c.organizationId, participantId: c.participantId, entryId: idFrom("point-entry", commandId), amount: c.points, category: "challenge", reason: `Completed the survey: ${c.name}`.slice(0, 200), source: { kind: "survey", id: c.surveyId } },
    metadata: { commandId, organizationId: c.organizationId, actorId: c.actorId },
  };
}

/** Awards a submitted survey's points to the member, once; answers the positions appended (none when awarded already). */
export async function awardSurveyPoints(services: Pick<Services, "store" | "clock">, c: Parameters<typeof surveyAwardCommand>[0]): Promise<number[]> {
  if (c.points <= 0) return [];
  const awarded = await handleCommand({ store: services.store, clock: services.clock }, pointsDecider, pointsStreamId(c.participantId), surveyAwardCommand(c), { maxRetries: 50 });
  if (!awarded.ok) throw awarded.error;
  return awarded.events.map((e) => e.position);
}
