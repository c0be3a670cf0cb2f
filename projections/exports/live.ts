/** The live topic of one requester's exports: `exp-{userId}` (a topic is at most 40 characters; a uuid fits). */
export const EXPORT_TOPIC_PREFIX = "exp-";
export const EXPORT_CHANGED = "export:changed";
export const EXPORT_PROGRESS = "export:progress";

export function exportTopicFor(userId: string): string | null {
  const topic = `${EXPORT_TOPIC_PREFIX}${userId}`;
  return /^[a-z][a-z0-9-]{0,39}$/.test(topic) ? topic : null;
}

/** What the worker publishes while it writes a file. */
export type ExportProgress = { id: string; rows: number; total: number; percent: number };
