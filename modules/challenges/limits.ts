/** Limits of challenges (decision 102). Browser-safe. */
export const MAX_CHALLENGE_POINTS = 10_000;
export const MAX_SESSIONS = 500;
export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 2000;
export const MAX_AUDIENCE_ENTRIES = 50;
export const MAX_AGE = 120;
