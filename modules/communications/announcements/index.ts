/** Announcements (decisions 088-091): compose, audiences, channels, schedule, delivery, retraction. */
export * from "./events";
export * from "./schema";
export * from "./attachment-limits";
export * from "./sanitize";
export * from "./sms";
export * from "./sms-provider";
export * from "./queue";
export { announcementDecider, decideAnnouncement, evolveAnnouncement, initialAnnouncementState, NO_AUDIENCE, PAST_SCHEDULE, type AnnouncementCommand, type AnnouncementState } from "./decide";
export * from "./service";
export * from "./deliver";
export { attachmentFactsOf, attachmentViews, type AttachmentFact } from "./attachments";
export { announcementsApi } from "./api";
