import { isStaff, LEVEL } from "../identity";
import type { Attachment } from "./announcements/attachment-limits";
import { DomainError, type Command, type Decider } from "../kernel";
import type { ThreadEvent, ThreadMember } from "./events";
import { BODY_MAX, RETRACT_REASON_MAX } from "./schema";

/** Levels (spec-1 section 4): participants and parents, staff (coach to superadmin); the kiosk is never a party to a message. */
export const isStaffLevel = (level: number) => isStaff(level);
const isFamilyLevel = (level: number) => level === LEVEL.participant;
const mayMessage = (level: number) => isFamilyLevel(level) || isStaffLevel(level);

/** A person as the rules need them, read by the service when the command is sent. */
export type Person = {
  userId: string;
  organizationId: string;
  level: number;
  active: boolean;
  /** a participant under 18 (by their profile's date of birth, in the organization's time zone) */
  minor: boolean;
  /** their guardians' user ids (decision 064), for a minor */
  guardianIds: string[];
};

type Member = { reason: ThreadMember["reason"]; read: number; archived: boolean };
export type ThreadState =
  | { exists: false }
  | { exists: true; organizationId: string; members: Record<string, Member>; messages: Record<string, { authorId: string; retracted: boolean }>; count: number };

export type ThreadCommand =
  /** `attachments`: an announcement's inbox copy carries the announcement's (decision 107), read from its uploads already */
  | Command<"StartThread", { threadId: string; messageId: string; subject: string; body: string; author: Person; recipients: (Person | null)[]; attachments?: Attachment[] }>
  | Command<"PostMessage", { threadId: string; messageId: string; body: string; authorId: string }>
  | Command<"RetractMessage", { threadId: string; messageId: string; reason: string; actorId: string }>
  | Command<"MarkThreadRead", { threadId: string; userId: string }>
  | Command<"ArchiveThread", { threadId: string; userId: string; archived: boolean }>;

const fieldError = (field: string, message: string) => new DomainError("VALIDATION", message, 400, { fieldErrors: { [field]: [message] } });
export const threadNotFound = () => new DomainError("THREAD_NOT_FOUND", "Conversation not found", 404);
export const messageNotFound = () => new DomainError("MESSAGE_NOT_FOUND", "Message not found", 404);
export const recipientNotFound = () => new DomainError("RECIPIENT_NOT_FOUND", "Recipient not found", 404);
export const noRecipient = () => fieldError("recipient_ids", "Choose at least one recipient");
export const staffOnly = () => new DomainError("STAFF_ONLY", "You can send messages to staff only", 403);
export const oneFamily = () => fieldError("recipient_ids", "A conversation can include one participant or parent; send each family its own message");
export const notYourMessage = () => new DomainError("NOT_YOUR_MESSAGE", "Only the person who sent a message can retract it", 403);
export const alreadyRetracted = () => new DomainError("ALREADY_RETRACTED", "This message is retracted already", 409);
export const senderCannotMessage = () => new DomainError("FORBIDDEN", "This account cannot send messages", 403);

const bodyError = (body: string) => {
  const text = body.trim();
  if (!text) return fieldError("body", "Message is required");
  if (text.length > BODY_MAX) return fieldError("body", `Message must be at most ${BODY_MAX} characters`);
  return null;
};

export const initialThreadState = (): ThreadState => ({ exists: false });

export function evolve(state: ThreadState, event: ThreadEvent): ThreadState {
  if (event.type === "ThreadStarted") {
    const members: Record<string, Member> = {};
    for (const m of event.data.members) members[m.userId] = { reason: m.reason, read: 0, archived: false };
    return { exists: true, organizationId: event.data.organizationId, members, messages: {}, count: 0 };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case "MessagePosted": {
      const count = state.count + 1;
      const members = { ...state.members };
      // a new message brings an archived conversation back to everyone's inbox; its author has read it
      for (const [id, m] of Object.entries(members)) members[id] = { ...m, archived: false, read: id === event.data.authorId ? count : m.read };
      return { ...state, count, members, messages: { ...state.messages, [event.data.messageId]: { authorId: event.data.authorId, retracted: false } } };
    }
    case "MessageRetracted": {
      const message = state.messages[event.data.messageId];
      return message ? { ...state, messages: { ...state.messages, [event.data.messageId]: { ...message, retracted: true } } } : state;
    }
    case "ThreadRead": {
      const m = state.members[event.data.userId];
      return m ? { ...state, members: { ...state.members, [event.data.userId]: { ...m, read: state.count } } } : state;
    }
    case "ThreadArchived": {
      const m = state.members[event.data.userId];
      return m ? { ...state, members: { ...state.members, [event.data.userId]: { ...m, archived: event.data.archived } } } : state;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Who is in a new conversation (the safeguarding rules of decision 073): the author, the recipients, and
 * the guardians of every minor among them, so a staff member's message to a child always reaches the child's
 * parents too (and a child's message to staff is seen by them as well).
 */
export function membersOf(author: Person, recipients: Person[]): ThreadMember[] {
  const members: ThreadMember[] = [{ userId: author.userId, reason: "author", forUserId: null }];
  const seen = new Set([author.userId]);
  for (const r of recipients) {
    if (seen.has(r.userId)) continue;
    seen.add(r.userId);
    members.push({ userId: r.userId, reason: "recipient", forUserId: null });
  }
  for (const minor of [author, ...recipients].filter((p) => p.minor)) {
    for (const guardianId of minor.guardianIds) {
      if (seen.has(guardianId)) continue;
      seen.add(guardianId);
      members.push({ userId: guardianId, reason: "guardian", forUserId: minor.userId });
    }
  }
  return members;
}

function start(state: ThreadState, command: Extract<ThreadCommand, { type: "StartThread" }>): ThreadEvent[] | DomainError {
  if (state.exists) return [];
  const { author, threadId, messageId } = command.data;
  const organizationId = command.metadata.organizationId;
  if (!author.active || author.organizationId !== organizationId || !mayMessage(author.level)) return senderCannotMessage();
  const subject = command.data.subject.trim();
  if (!subject) return fieldError("subject", "Subject is required");
  const invalidBody = bodyError(command.data.body);
  if (invalidBody) return invalidBody;
  // unknown, another organization's, inactive or the kiosk: not found, telling nothing more
  if (command.data.recipients.some((r) => r === null || r.organizationId !== organizationId || !r.active || !mayMessage(r.level))) return recipientNotFound();
  const recipients = (command.data.recipients as Person[]).filter((r) => r.userId !== author.userId);
  if (recipients.length === 0) return noRecipient();
  // a participant or a parent writes to staff only: never to another participant or family
  if (isFamilyLevel(author.level) && recipients.some((r) => !isStaffLevel(r.level))) return staffOnly();
  // one family per conversation: parents of different children never see each other's replies
  if (new Set(recipients.filter((r) => !isStaffLevel(r.level)).map((r) => r.userId)).size > 1) return oneFamily();
  return [
    { type: "ThreadStarted", data: { threadId, organizationId: organizationId!, subject, members: membersOf(author, recipients) } },
    { type: "MessagePosted", data: { threadId, messageId, authorId: author.userId, body: command.data.body.trim(), ...(command.data.attachments?.length ? { attachments: command.data.attachments } : {}) } },
  ];
}

/**
 * Pure (decision 073). A conversation is started once; only its members post, read and archive (anyone else,
 * or another organization, is told it is not found); a message is retracted only by its author, once, with a
 * reason of at most 500 characters, and stays in the stream; reading or archiving what is so already appends nothing.
 */
export function decide(state: ThreadState, command: ThreadCommand, _now: Date): ThreadEvent[] | DomainError {
  if (command.type === "StartThread") return start(state, command);
  if (!state.exists || state.organizationId !== command.metadata.organizationId) return threadNotFound();
  const { threadId } = command.data;
  switch (command.type) {
    case "PostMessage": {
      if (!state.members[command.data.authorId]) return threadNotFound();
      if (state.messages[command.data.messageId]) return [];
      const invalid = bodyError(command.data.body);
      if (invalid) return invalid;
      return [{ type: "MessagePosted", data: { threadId, messageId: command.data.messageId, authorId: command.data.authorId, body: command.data.body.trim() } }];
    }
    case "RetractMessage": {
      if (!state.members[command.data.actorId]) return threadNotFound();
      const message = state.messages[command.data.messageId];
      if (!message) return messageNotFound();
      if (message.authorId !== command.data.actorId) return notYourMessage();
      if (message.retracted) return alreadyRetracted();
      const reason = command.data.reason.trim();
      if (!reason) return fieldError("reason", "Reason is required");
      if (reason.length > RETRACT_REASON_MAX) return fieldError("reason", `Reason must be at most ${RETRACT_REASON_MAX} characters`);
      return [{ type: "MessageRetracted", data: { threadId, messageId: command.data.messageId, reason, retractedBy: command.data.actorId } }];
    }
    case "MarkThreadRead": {
      const member = state.members[command.data.userId];
      if (!member) return threadNotFound();
      return member.read >= state.count ? [] : [{ type: "ThreadRead", data: { threadId, userId: command.data.userId } }];
    }
    case "ArchiveThread": {
      const member = state.members[command.data.userId];
      if (!member) return threadNotFound();
      return member.archived === command.data.archived ? [] : [{ type: "ThreadArchived", data: { threadId, userId: command.data.userId, archived: command.data.archived } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const threadDecider: Decider<ThreadState, ThreadCommand, ThreadEvent> = { initialState: initialThreadState, evolve, decide };
