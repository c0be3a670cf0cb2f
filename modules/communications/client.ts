/** Browser-safe face of communications: the forms' schemas, the live topic. */
export * from "./schema";
export * from "./live";
export * from "./announcements/attachment-limits";
export { MEMBER_REASONS, type MemberReason } from "./events";
export type { InboxRow, MessageRow, ThreadMemberRow, RecipientRow } from "../../projections/messages";
