/**
 * Retention (decision 014): a finished export's file is kept for 7 days, then deleted and the export
 * marked Expired. Download links live 15 minutes. Part files of writes that died are removed after a day.
 */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const STALE_PART_MS = 24 * 60 * 60 * 1000;
export const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** A Requested export older than this with no job (the web process died between the event and the add) is queued again. */
export const REQUEUE_AFTER_MS = 2 * 60 * 1000;
