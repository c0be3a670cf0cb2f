import type { ColumnType, Generated } from "kysely";
import type { MemberReason } from "../../modules/communications";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The inbox's read model (decision 073). */
export type MessageTables = {
  rm_threads: {
    id: string;
    organization_id: string;
    subject: string;
    started_by: string;
    started_at: Timestamp;
    last_message_at: Timestamp;
    last_author_id: string | null;
    preview: Generated<string>;
    message_count: Generated<number>;
  };
  rm_thread_members: {
    thread_id: string;
    user_id: string;
    organization_id: string;
    reason: MemberReason;
    for_user_id: string | null;
    unread: Generated<number>;
    archived: Generated<boolean>;
    last_read_at: Timestamp | null;
    last_message_at: Timestamp;
  };
  rm_messages: {
    id: string;
    thread_id: string;
    organization_id: string;
    author_id: string;
    body: string;
    /** decision 107: Attachment[] as JSON (an announcement's inbox copy) */
    attachments: ColumnType<unknown, string | undefined, string>;
    posted_at: Timestamp;
    retracted_at: Timestamp | null;
    retract_reason: string | null;
    retracted_by: string | null;
  };
};
