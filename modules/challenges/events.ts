import type { DomainEvent } from "../kernel";

/**
 * Challenges (issue 19, decision 102): a title, a description, an optional image, the days it is open, who it is
 * for, the points it is worth and how it is completed. Browser-safe (types and constants only).
 */
export const CHALLENGE_RULES = ["survey", "attendance", "staff"] as const;
export type ChallengeRuleKind = (typeof CHALLENGE_RULES)[number];
export const RULE_LABELS: Record<ChallengeRuleKind, string> = { survey: "Complete a survey", attendance: "Attend sessions", staff: "Confirmed by staff" };

export type ChallengeRule = { kind: "survey"; surveyId: string } | { kind: "attendance"; sessions: number; programId: string | null } | { kind: "staff" };
/** Who it is for; every list empty and no ages: everyone. A member must match each part that is set. */
export type ChallengeAudience = { groupIds: string[]; programIds: string[]; ageMin: number | null; ageMax: number | null };
export type ChallengeFields = { title: string; description: string; image: string | null; startsOn: string; endsOn: string; audience: ChallengeAudience; points: number; rule: ChallengeRule };

export type ChallengeCreatedData = ChallengeFields & { organizationId: string; challengeId: string; createdBy: string | null };
export type ChallengeUpdatedData = ChallengeFields & { organizationId: string; challengeId: string; updatedBy: string | null };
export type ChallengeArchivedData = { organizationId: string; challengeId: string; archivedBy: string | null };
export type ChallengeCreated = DomainEvent<"ChallengeCreated", ChallengeCreatedData>;
export type ChallengeUpdated = DomainEvent<"ChallengeUpdated", ChallengeUpdatedData>;
export type ChallengeArchived = DomainEvent<"ChallengeArchived", ChallengeArchivedData>;
export type ChallengeEvent = ChallengeCreated | ChallengeUpdated | ChallengeArchived;

/** How a completion came about. */
export type CompletionKind = ChallengeRuleKind;
type ProgressBase = { organizationId: string; challengeId: string; participantId: string };
/** one session of an attendance challenge counted (attended) or no longer counted (the mark edited); `count` after it */
export type ChallengeProgressRecordedData = ProgressBase & { sessionKey: string; attended: boolean; count: number; needed: number };
export type ChallengeCompletedData = ProgressBase & { how: CompletionKind; points: number; completedBy: string | null };
export type ChallengeProgressRecorded = DomainEvent<"ChallengeProgressRecorded", ChallengeProgressRecordedData>;
export type ChallengeCompleted = DomainEvent<"ChallengeCompleted", ChallengeCompletedData>;
export type ChallengeProgressEvent = ChallengeProgressRecorded | ChallengeCompleted;

export type AnyChallengeEvent = ChallengeEvent | ChallengeProgressEvent;
export const CHALLENGE_EVENT_TYPES = ["ChallengeCreated", "ChallengeUpdated", "ChallengeArchived", "ChallengeProgressRecorded", "ChallengeCompleted"] as const satisfies readonly AnyChallengeEvent["type"][];
export const isChallengeEvent = <E extends DomainEvent>(event: E): event is E & AnyChallengeEvent => (CHALLENGE_EVENT_TYPES as readonly string[]).includes(event.type);

export const challengeStreamId = (challengeId: string) => `challenge-${challengeId}`;
/** one member's progress in one challenge: its own stream, so completing is decided once per member */
export const challengeProgressStreamId = (challengeId: string, participantId: string) => `challenge-progress-${challengeId}-${participantId}`;
