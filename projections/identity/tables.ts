import type { ColumnType, RawBuilder } from "kysely";

type RawBuilderNumber = RawBuilder<unknown>;

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type IdentityTables = {
  rm_user_groups: {
    id: string;
    organization_id: string;
    name: string;
    display_name: string;
    level: number;
    icon: string;
    scheme: ColumnType<Record<string, string>, string, string>;
    permission_ids: string[];
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** decision 064 (migration 0304): a child's guardians */
  rm_guardians: {
    participant_id: string;
    guardian_id: string;
    organization_id: string;
    relationship: string | null;
    linked_at: Timestamp;
    source: "registered" | "linked";
  };
  rm_guardian_unlinks: {
    participant_id: string;
    guardian_id: string;
  };
  rm_users: {
    id: string;
    organization_id: string;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    user_group_id: string;
    parent_id: string | null;
    password_hash: string;
    status: ColumnType<string, string | undefined, string>;
    // decision 060 (migration 0301)
    phone_number: ColumnType<string, string | undefined, string>;
    notify_newsletters: ColumnType<boolean, boolean | undefined, boolean>;
    notify_program_updates: ColumnType<boolean, boolean | undefined, boolean>;
    created_at: Timestamp;
    updated_at: Timestamp;
    /** decision 061 (migration 0302) */
    status_reason: ColumnType<string | null, string | null | undefined, string | null>;
    invitation_status: ColumnType<string | null, string | null | undefined, string | null>;
    /** migration 0305: lower(first_name last_name email username), kept by PostgreSQL (never written) */
    search_text: ColumnType<string, never, never>;
    /** decision 063 (migration 0303): the live invitation's expiry */
    invitation_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** decision 063 (migration 0303): one row per invited user */
  rm_invitations: {
    user_id: string;
    organization_id: string;
    kind: string;
    status: string;
    token_hash: string | null;
    expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    sent_at: Timestamp;
    sent_by: string | null;
    sent_count: ColumnType<number, number | undefined, number | RawBuilderNumber>;
    renewal_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    updated_at: Timestamp;
  };
  sessions: {
    id_hash: string;
    user_id: string;
    organization_id: string;
    created_at: ColumnType<Date, Date | string | undefined, Date | string>;
    last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
    expires_at: Timestamp;
    revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
};
