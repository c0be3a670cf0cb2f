/** Browser-safe face of challenges: the schemas, rules and limits. */
export * from "./schema";
export * from "./limits";
export { CHALLENGE_RULES, RULE_LABELS, type ChallengeRuleKind, type ChallengeAudience } from "./events";
export { challengeUserTopic, CHALLENGES_TOPIC, CHALLENGE_PROGRESS_CHANGED, CHALLENGES_CHANGED } from "./live";
