import type { ColumnType } from "kysely";
import type { RequestChild, RequestKind, RequestStatus } from "../../modules/requests";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per membership request (modules/requests). */
export type RequestTables = {
  rm_requests: {
    id: string;
    organization_id: string;
    kind: RequestKind;
    status: RequestStatus;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    message: string;
    birth_date: string | null;
    gender: string | null;
    child: ColumnType<RequestChild | null, string | null, string | null>;
    school_role: string | null;
    submitted_at: Timestamp;
    decided_at: Timestamp | null;
    decided_by: string | null;
    reason: string | null;
    user_id: string | null;
    participant_id: string | null;
  };
};
