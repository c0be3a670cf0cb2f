/** The badge colour of an outbox row's status (/dev/mail, decision 059). */
export const STATUS_COLOR = { queued: "amber", sent: "green", kept: "blue", skipped: "gray", failed: "red" } as const;
