/**
 * Challenges' live topics (decision 112). Browser-safe. `chal-{user id without dashes}`: a user's own progress and their
 * children's (a topic is a lowercase slug of at most 40 characters), followed by that user alone; `challenges`: the
 * organization's challenges and their completion counts, followed by staff. Messages carry a challenge id, no names.
 */
export const CHALLENGE_TOPIC_PREFIX = "chal-";
export const challengeUserTopic = (userId: string) => `${CHALLENGE_TOPIC_PREFIX}${userId.toLowerCase().replace(/-/g, "")}`;
export const CHALLENGES_TOPIC = "challenges";
/** a participant's progress or completion changed (on their own account's and their guardians' topics) */
export const CHALLENGE_PROGRESS_CHANGED = "challenges:progress";
/** a challenge was created, edited, archived, or someone's progress in it changed (the staff topic) */
export const CHALLENGES_CHANGED = "challenges:changed";
