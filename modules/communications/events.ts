import type { DomainEvent } from "../kernel";
import type { Attachment } from "./announcements/attachment-limits";

/**
 * A conversation in the inbox (decision 073): its stream `message-thread-{id}` holds every message, edit of
 * state and retraction, so an auditor replays it as notes are replayed.
 */

/** Why a member is in a conversation: addressed, its author, or a guardian copied on a minor's messages. */
export const MEMBER_REASONS = ["author", "recipient", "guardian"] as const;
export type MemberReason = (typeof MEMBER_REASONS)[number];

export type ThreadMember = {
  userId: string;
  reason: MemberReason;
  /** guardian: the minor this guardian is copied for */
  forUserId: string | null;
};

export type ThreadStartedData = {
  threadId: string;
  organizationId: string;
  subject: string;
  members: ThreadMember[];
};

export type MessagePostedData = {
  threadId: string;
  messageId: string;
  authorId: string;
  /** plain text, at most BODY_MAX characters (the rich text of announcements comes with them) */
  body: string;
  /** an announcement's inbox copy: its attachments (decision 107) */
  attachments?: Attachment[];
};

export type MessageRetractedData = { threadId: string; messageId: string; reason: string; retractedBy: string };
export type ThreadReadData = { threadId: string; userId: string };
export type ThreadArchivedData = { threadId: string; userId: string; archived: boolean };

export type ThreadStarted = DomainEvent<"ThreadStarted", ThreadStartedData>;
export type MessagePosted = DomainEvent<"MessagePosted", MessagePostedData>;
export type MessageRetracted = DomainEvent<"MessageRetracted", MessageRetractedData>;
export type ThreadRead = DomainEvent<"ThreadRead", ThreadReadData>;
export type ThreadArchived = DomainEvent<"ThreadArchived", ThreadArchivedData>;
export type ThreadEvent = ThreadStarted | MessagePosted | MessageRetracted | ThreadRead | ThreadArchived;

export const THREAD_EVENT_TYPES = ["ThreadStarted", "MessagePosted", "MessageRetracted", "ThreadRead", "ThreadArchived"] as const satisfies readonly ThreadEvent["type"][];
export const isThreadEvent = <E extends DomainEvent>(event: E): event is E & ThreadEvent => (THREAD_EVENT_TYPES as readonly string[]).includes(event.type);

export const THREAD_STREAM_PREFIX = "message-thread-";
export const threadStreamId = (threadId: string) => `${THREAD_STREAM_PREFIX}${threadId}`;
