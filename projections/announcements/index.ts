export { announcementsProjection } from "./projection";
export * from "./queries";
export * from "./audience";
export type { AnnouncementTables } from "./tables";
export * as announcementsMigration from "./migration";
export * as smsOutboxMigration from "./migration-sms";
export * as announcementAttachmentsMigration from "./migration-attachments";
export * as smsRefMigration from "./migration-sms-ref";
