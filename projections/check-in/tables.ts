import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type CheckInTables = {
  rm_check_ins: {
    id: string;
    organization_id: string;
    participant_id: string;
    member_id: string;
    first_name: string;
    last_name: string;
    full_name: string;
    check_in_time: Timestamp;
    check_out_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
    pick_up_name: string | null;
    pick_up_contact_number: string | null;
    pick_up_relationship: string | null;
    source: string;
    /** docs/decisions/036; null when the visit has none */
    security_code: string | null;
    updated_at: Timestamp;
  };
};
