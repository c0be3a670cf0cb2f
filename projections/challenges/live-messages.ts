import type { Kysely } from "kysely";
import { CHALLENGE_PROGRESS_CHANGED, CHALLENGES_CHANGED, CHALLENGES_TOPIC, challengeUserTopic } from "../../modules/challenges";
import { participantsByIds } from "../participants";
import type { ReadModels } from "../read-models";
import type { LiveMessageLike } from "../runner";

/** A challenge changed, or a participant's progress in it (`participantId`). */
export type Touched = { organizationId: string; challengeId: string; participantId: string | null };

/**
 * What a batch of challenge events tells the live channel (decision 112), once its transaction has committed: the staff
 * topic `challenges` each changed challenge once; each participant's progress on the topic of their own account and
 * of each guardian (those who see it on /challenges), once per challenge. Ids only, no names.
 */
export async function liveMessagesOf(db: Kysely<ReadModels>, touched: readonly Touched[]): Promise<LiveMessageLike[]> {
  const messages: LiveMessageLike[] = [];
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && Boolean(seen.add(key));
  for (const t of touched) if (once(`${t.organizationId}|${t.challengeId}`)) messages.push({ organizationId: t.organizationId, topic: CHALLENGES_TOPIC, event: CHALLENGES_CHANGED, payload: { challenge_id: t.challengeId } });
  const byOrganization = new Map<string, Touched[]>();
  for (const t of touched) if (t.participantId) byOrganization.set(t.organizationId, [...(byOrganization.get(t.organizationId) ?? []), t]);
  for (const [organizationId, rows] of byOrganization) {
    const people = await participantsByIds(db, organizationId, [...new Set(rows.map((r) => r.participantId!))]);
    const usersOf = new Map(people.map((p) => [String(p.id), [p.user_id, ...p.guardian_ids].filter((u): u is string => Boolean(u))]));
    for (const t of rows)
      for (const userId of usersOf.get(t.participantId!) ?? [])
        if (once(`${userId}|${t.challengeId}`)) messages.push({ organizationId, topic: challengeUserTopic(userId), event: CHALLENGE_PROGRESS_CHANGED, payload: { challenge_id: t.challengeId } });
  }
  return messages;
}
