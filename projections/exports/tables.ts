import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** One row per export (modules/exports): requested, then completed, failed or expired. */
export type ExportTables = {
  rm_exports: {
    id: string;
    organization_id: string;
    requested_by: string;
    kind: string;
    filters: ColumnType<Record<string, unknown>, string, string>;
    file_name: string;
    status: "Requested" | "Completed" | "Failed" | "Expired";
    rows: number | null;
    bytes: ColumnType<string | null, number | null, number | null>;
    sha256: string | null;
    file_key: string | null;
    reason: string | null;
    requested_at: Timestamp;
    finished_at: NullableTimestamp;
    expired_at: NullableTimestamp;
  };
};
