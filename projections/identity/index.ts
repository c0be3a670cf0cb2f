export { identityProjection } from "./projection";
export * from "./queries";
export type { IdentityTables } from "./tables";
export * as identityMigration from "./migration";
export { sessionAuthRow } from "./session-auth";
export * as identityUserListMigration from "./migration-user-list";
export * from "./user-list";
export * as identityInvitationsMigration from "./migration-invitations";
export * from "./invitations";
