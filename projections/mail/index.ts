export * from "./queries";
export type { MailTables, MailStatus } from "./tables";
export * as mailMigration from "./migration";
