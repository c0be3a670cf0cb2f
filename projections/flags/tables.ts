import type { ColumnType } from "kysely";
import type { FlagType } from "../../modules/flags";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per flag raised (modules/flags); a resolution fills the resolution columns. */
export type FlagTables = {
  rm_flags: {
    id: string;
    organization_id: string;
    participant_id: string;
    type: FlagType;
    status: "Active" | "Resolved";
    message: string;
    flagged_by: string | null;
    flagged_by_name: string;
    flagged_at: Timestamp;
    resolution_message: string | null;
    resolved_by: string | null;
    resolved_at: Timestamp | null;
  };
};
