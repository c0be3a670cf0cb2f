import type { ColumnType } from "kysely";

/** The stored path registered against each entity's property (modules/uploads, PUT /api/asset). */
export type AssetTables = {
  rm_assets: {
    organization_id: string;
    entity: string;
    entity_id: string;
    property: string;
    value: string;
    updated_by: string | null;
    updated_at: ColumnType<Date, Date | string, Date | string>;
  };
};
