/**
 * The inbox's live topic (decision 073): each user follows their own, `inbox-{user id without dashes}` (a topic is a
 * lowercase slug of at most 40 characters), and nobody else's.
 */
export const INBOX_TOPIC_PREFIX = "inbox-";
export const inboxTopic = (userId: string) => `${INBOX_TOPIC_PREFIX}${userId.toLowerCase().replace(/-/g, "")}`;
/** A conversation of the user's changed (a message, a retraction, read, archived): the badge and list ask again. */
export const INBOX_CHANGED = "inbox:changed";
