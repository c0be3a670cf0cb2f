import type { ColumnType } from "kysely";
import type { OrganizationSettings, OrganizationType } from "../../modules/organizations";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type OrganizationTables = {
  rm_organizations: {
    id: string;
    name: string;
    type: OrganizationType;
    /** the full settings object; written as JSON text */
    settings: ColumnType<OrganizationSettings, string, string>;
    /** one of the 18 theme colours' hex */
    main_color: string;
    /** the stream revision last applied: an older event never overwrites a newer one */
    revision: ColumnType<number, number, number>;
    updated_at: Timestamp;
  };
};
