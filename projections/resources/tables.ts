import type { ColumnType } from "kysely";

/** The organization's resources (modules/resources, decision 101), with their download counts. */
export type ResourceTables = {
  rm_resources: {
    id: string;
    organization_id: string;
    title: string;
    description: string;
    kind: string;
    url: string | null;
    file_path: string | null;
    file_name: string | null;
    content_type: string | null;
    bytes: number | null;
    visibility: string;
    group_ids: ColumnType<string[], string, string>;
    archived: boolean;
    downloads: number;
    last_opened_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    created_by: string | null;
    created_at: ColumnType<Date, Date | string, Date | string>;
    updated_at: ColumnType<Date, Date | string, Date | string>;
  };
};
