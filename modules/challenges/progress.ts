import { handleCommand, idFrom, type Clock, type EventStore } from "../kernel";
import type { Services } from "../identity";
import { pointsDecider, pointsStreamId } from "../points";
import { participantRowsByIds } from "../../projections/participants";
import { registeredIdsOf } from "../../projections/programs";
import { userGroupIdOf } from "../../projections/identity";
import type { ChallengeRow } from "../../projections/challenges";
import { inChallengeAudience, type MemberFacts } from "./audience";
import { challengeAwardCommand, progressDecider, type ProgressCommand } from "./decide";
import { challengeProgressStreamId, type CompletionKind } from "./events";

type Db = Services["db"];
export type ProgressDeps = { store: EventStore; clock: Clock; db: Db };
export type Member = MemberFacts & { id: string; name: string };

/**
 * The members' facts an audience needs, read from the read models: the group of the participant's own account
 * (a participant with no account of their own: none, so only an audience without groups takes them), the programs
 * among `programIds` they are registered in, their date of birth. Members not of the organization are left out.
 */
export async function membersFacts(db: Db, organizationId: string, participantIds: readonly string[], programIds: readonly string[]): Promise<Member[]> {
  if (participantIds.length === 0) return [];
  const rows = await participantRowsByIds(db, organizationId, [...new Set(participantIds)]);
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((u): u is string => Boolean(u)))];
  const groupOf = new Map(await Promise.all(userIds.map(async (u) => [u, await userGroupIdOf(db, u)] as const)));
  const registered = await registeredIdsOf(db, organizationId, programIds);
  return rows.map((r) => ({
    id: String(r.id),
    name: r.full_name,
    dob: r.dob ?? null,
    groupId: r.user_id ? (groupOf.get(r.user_id) ?? null) : null,
    programIds: programIds.filter((p) => registered.get(p)?.includes(String(r.id))),
  }));
}

export const inAudienceOf = (challenge: Pick<ChallengeRow, "audience">, member: MemberFacts, day: string) => inChallengeAudience(challenge.audience, member, day);

/** Sends a progress command; when the member's challenge is (now or already) completed, awards its points, once. */
async function progress(deps: ProgressDeps, challenge: ChallengeRow, organizationId: string, command: ProgressCommand) {
  const result = await handleCommand({ store: deps.store, clock: deps.clock }, progressDecider, challengeProgressStreamId(challenge.id, command.data.participantId), command);
  if (!result.ok) throw result.error;
  const positions = result.events.map((e) => e.position);
  if (result.state.completed) {
    const award = challengeAwardCommand({ organizationId, challengeId: challenge.id, participantId: command.data.participantId, points: result.state.points, title: challenge.title, actorId: command.metadata.actorId });
    const awarded = await handleCommand({ store: deps.store, clock: deps.clock }, pointsDecider, pointsStreamId(command.data.participantId), award, { maxRetries: 50 });
    if (!awarded.ok) throw awarded.error;
    positions.push(...awarded.events.map((e) => e.position));
  }
  return { completed: result.state.completed, positions };
}

/** A survey submitted or staff confirming: the member's challenge completed (nothing new when it is already). */
export function completeChallenge(deps: ProgressDeps, challenge: ChallengeRow, organizationId: string, participantId: string, how: CompletionKind, actorId: string | null) {
  const commandId = idFrom("challenge-complete", challenge.id, participantId, how);
  return progress(deps, challenge, organizationId, { type: "CompleteChallenge", data: { organizationId, challengeId: challenge.id, participantId, how, points: challenge.points }, metadata: { commandId, organizationId, actorId } });
}

/** One session's latest mark (`markId` names it): counted or not; completes the challenge at its number of sessions. */
export function recordSession(deps: ProgressDeps, challenge: ChallengeRow, organizationId: string, participantId: string, mark: { markId: string; sessionKey: string; attended: boolean; actorId: string | null }) {
  const commandId = idFrom("challenge-session", challenge.id, participantId, mark.markId);
  return progress(deps, challenge, organizationId, {
    type: "RecordSession",
    data: { organizationId, challengeId: challenge.id, participantId, sessionKey: mark.sessionKey, attended: mark.attended, needed: challenge.sessions ?? 1, points: challenge.points },
    metadata: { commandId, organizationId, actorId: mark.actorId },
  });
}
