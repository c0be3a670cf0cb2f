import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Announcements, their deliveries and the SMS outbox (decisions 088, 089). */
export type AnnouncementTables = {
  rm_announcements: {
    id: string;
    organization_id: string;
    author_id: string;
    kind: string;
    subject: string;
    body: string;
    audience: ColumnType<unknown, string, string>;
    channels: string[];
    /** decision 107: Attachment[] as JSON */
    attachments: ColumnType<unknown, string | undefined, string>;
    status: string;
    send_at: Timestamp | null;
    sent_at: Timestamp | null;
    recipient_count: number | null;
    delivery_count: number | null;
    retract_reason: string | null;
    retracted_by: string | null;
    retracted_at: Timestamp | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  comm_deliveries: {
    announcement_id: string;
    user_id: string;
    channel: string;
    organization_id: string;
    address: string | null;
    status: Generated<string>;
    attempts: Generated<number>;
    last_error: string | null;
    ref: string | null;
    created_at: ColumnType<Date, Date | string | undefined, Date | string>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  sms_outbox: {
    id: Generated<string>;
    organization_id: string;
    to_number: string;
    body: string;
    dedupe_key: string;
    created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
};
