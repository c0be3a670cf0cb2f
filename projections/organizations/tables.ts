import type { ColumnType } from "kysely";
import type { OrganizationRequestDetails, OrganizationRequestStatus, OrganizationSettings, OrganizationType } from "../../modules/organizations";

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
    /** decision 067 (migration 0202): when it was deactivated; its users then cannot sign in */
    deactivated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
};

/** The organization requests (decision 067, migration 0201). */
export type OrganizationRequestTables = {
  rm_organization_requests: {
    id: string;
    name: string;
    type: OrganizationType;
    details: ColumnType<OrganizationRequestDetails, string, string>;
    status: OrganizationRequestStatus;
    reason: string | null;
    organization_id: string | null;
    /** the granter or superadmin who approved or declined it */
    decided_by: string | null;
    created_at: Timestamp;
    decided_at: Timestamp | null;
  };
};
