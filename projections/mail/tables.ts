import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** queued: waiting for the worker; sent: the SMTP server took it; kept: held in the local outbox (no SMTP_URL); skipped: a newsletter to an unsubscribed address; failed: given up (decision 059). */
export type MailStatus = "queued" | "sent" | "kept" | "skipped" | "failed";

/**
 * The mail tables (decision 059): plumbing, not events (house rule 1), so a projections rebuild never
 * touches them. `mail_outbox` was created by the identity migration (0300) and reshaped by 1500-mail.
 */
export type MailTables = {
  mail_outbox: {
    /** bigint: pg hands it back as a string */
    id: Generated<string>;
    organization_id: string | null;
    kind: string;
    /** the sender's display name: the organization's */
    from_name: string;
    to_address: string;
    subject: string;
    /** the plain-text alternative (the name kept from the first outbox) */
    body: string;
    html: string;
    /** extra headers, List-Unsubscribe among them */
    headers: ColumnType<Record<string, string>, string, string>;
    /** what the template was given (for a re-render or a look in /dev/mail) */
    data: ColumnType<Record<string, unknown>, string, string>;
    status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
    attempts: ColumnType<number, number | undefined, number>;
    last_error: ColumnType<string | null, string | null | undefined, string | null>;
    /** a caller's idempotency key: one message per key */
    dedupe_key: ColumnType<string | null, string | null | undefined, never>;
    created_at: ColumnType<Date, Date | string | undefined, never>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
    sent_at: MaybeTimestamp;
  };
  /** addresses that turned an organization's newsletters off (lower-case address) */
  mail_unsubscribes: {
    organization_id: string;
    address: string;
    created_at: Timestamp;
  };
  /** the HMAC keys of mail links, made on first use and kept with the data */
  mail_keys: {
    name: string;
    secret: Buffer;
    created_at: ColumnType<Date, Date | string | undefined, never>;
  };
};
