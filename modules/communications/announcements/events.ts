import type { DomainEvent } from "../../kernel";
import type { Attachment } from "./attachment-limits";

/**
 * An announcement (decision 088): one stream `announcement-{id}` holds its drafts, its send (now or scheduled),
 * the fan-out's record and a retraction. Deliveries per recipient and channel are operational rows (like the mail
 * outbox), not events: 10,000 recipients are one command and one event, then many jobs.
 */
export const CHANNELS = ["INTERNAL", "EMAIL", "SMS"] as const;
export type Channel = (typeof CHANNELS)[number];
export const ANNOUNCEMENT_KINDS = ["announcement", "newsletter"] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/** Who receives it: the union of these (each a list of ids or values of the organization). */
export type Audience = {
  group_ids: string[];
  program_ids: string[];
  event_ids: string[];
  /** members with an unresolved flag of these types (stop, warn) */
  flag_types: ("stop" | "warn")[];
  user_ids: string[];
};

export type AnnouncementSavedData = {
  announcementId: string;
  organizationId: string;
  authorId: string;
  kind: AnnouncementKind;
  subject: string;
  /** sanitized HTML (allow-list, decision 090) */
  body: string;
  audience: Audience;
  channels: Channel[];
  /** uploaded images and PDFs (decision 107); absent in drafts saved before attachments existed */
  attachments?: Attachment[];
};
export type AnnouncementSendRequestedData = { announcementId: string; sendAt: string; scheduled: boolean; requestedBy: string };
export type AnnouncementFannedOutData = { announcementId: string; recipientCount: number; deliveryCount: number };
export type AnnouncementRetractedData = { announcementId: string; reason: string; retractedBy: string };

export type AnnouncementSaved = DomainEvent<"AnnouncementSaved", AnnouncementSavedData>;
export type AnnouncementSendRequested = DomainEvent<"AnnouncementSendRequested", AnnouncementSendRequestedData>;
export type AnnouncementFannedOut = DomainEvent<"AnnouncementFannedOut", AnnouncementFannedOutData>;
export type AnnouncementRetracted = DomainEvent<"AnnouncementRetracted", AnnouncementRetractedData>;
export type AnnouncementEvent = AnnouncementSaved | AnnouncementSendRequested | AnnouncementFannedOut | AnnouncementRetracted;

export const ANNOUNCEMENT_EVENT_TYPES = ["AnnouncementSaved", "AnnouncementSendRequested", "AnnouncementFannedOut", "AnnouncementRetracted"] as const satisfies readonly AnnouncementEvent["type"][];
export const isAnnouncementEvent = <E extends DomainEvent>(event: E): event is E & AnnouncementEvent => (ANNOUNCEMENT_EVENT_TYPES as readonly string[]).includes(event.type);

export const ANNOUNCEMENT_STREAM_PREFIX = "announcement-";
export const announcementStreamId = (id: string) => `${ANNOUNCEMENT_STREAM_PREFIX}${id}`;

export const ANNOUNCEMENT_STATUSES = ["draft", "scheduled", "sending", "sent", "retracted"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
