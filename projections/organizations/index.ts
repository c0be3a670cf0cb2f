export { organizationsProjection, ORGANIZATION_LIVE_TOPIC, ORGANIZATION_LIVE_EVENT } from "./projection";
export { getOrganization, listOrganizations, type OrganizationRow, type OrganizationSummary } from "./queries";
export type { OrganizationTables } from "./tables";
export * as organizationsMigration from "./migration";
