export { messagesProjection } from "./projection";
export * from "./queries";
export type { MessageTables } from "./tables";
export * as messagesMigration from "./migration";
export * as messageAttachmentsMigration from "./migration-attachments";
