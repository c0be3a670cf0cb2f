/** Browser-safe face of challenges: the schemas, rules and limits. */
export * from "./schema";
export * from "./limits";
export { CHALLENGE_RULES, RULE_LABELS, type ChallengeRuleKind, type ChallengeAudience } from "./events";
