export { challengesProjection } from "./projection";
export { challengeProgressProjection, CHALLENGE_PROGRESS } from "./progress-subscriber";
export * from "./queries";
export type { ChallengeTables } from "./tables";
export * as challengesMigration from "./migration";
