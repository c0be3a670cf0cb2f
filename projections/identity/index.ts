export { identityProjection } from "./projection";
export * from "./queries";
export type { IdentityTables } from "./tables";
export * as identityMigration from "./migration";
export * as identityProfileMigration from "./profile-migration";
export { ownProfileRow, notificationPreferencesOf, type OwnProfileRow } from "./profile-queries";
export { sessionAuthRow } from "./session-auth";
export * as identityUserListMigration from "./migration-user-list";
export * from "./user-list";
