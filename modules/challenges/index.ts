/** Challenges (issue 19, decision 102). */
export * from "./events";
export * from "./limits";
export * from "./schema";
export * from "./live";
export { challengeDecider, progressDecider, decideChallenge, decideProgress, evolveChallenge, evolveProgress, challengeAwardCommand, challengeError, checkFields, type ChallengeCommand, type ChallengeState, type ProgressCommand, type ProgressState } from "./decide";
export { inChallengeAudience, openOn, ageOn, type MemberFacts } from "./audience";
export { mayManageChallenges, VIEW_CHALLENGES, MANAGE_CHALLENGES } from "./access";
// last: the services and rows reach projections
export { completeChallenge, recordSession, membersFacts, type ProgressDeps } from "./progress";
export * from "./service";
export { challengesApi } from "./api";
