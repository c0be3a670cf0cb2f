export { organizationsProjection, ORGANIZATION_LIVE_TOPIC, ORGANIZATION_LIVE_EVENT } from "./projection";
export { getOrganization, listOrganizations, type OrganizationRow, type OrganizationSummary } from "./queries";
export type { OrganizationTables } from "./tables";
export * as organizationsMigration from "./migration";
export { organizationRequestsProjection } from "./requests-projection";
export { organizationRequestPage, organizationRequestById, organizationNameTaken, organizationListPage, grantedOrganization, type OrganizationRequestRow, type OrganizationRequestQuery, type OrganizationListRow, type OrganizationListQuery } from "./requests-queries";
export type { OrganizationRequestTables } from "./tables";
export * as organizationRequestsMigration from "./requests-migration";
export * as organizationStatusMigration from "./status-migration";
