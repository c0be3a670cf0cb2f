import { z } from "zod";
import { answerSchemas as A, apiRow, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { ATTACHMENT_ANSWER } from "./announcements/api";
import { inboxQuery, recipientQuery } from "./schema";
import { archiveCall, inboxOf, markReadCall, recipientsOf, replyCall, retractCall, startThreadCall, threadOf } from "./service";

/** GET /api/message/{id}'s answer: the conversation, its members and its messages (an announcement's copy with its files, decision 107). */
const THREAD_ANSWER = z.looseObject({
  id: z.string(),
  subject: z.string(),
  members: z.array(z.looseObject({ user_id: z.string(), name: z.string(), reason: z.string() })),
  messages: z.array(z.looseObject({ id: z.string(), author_id: z.string(), author_name: z.string(), body: z.string().nullable(), attachments: z.array(ATTACHMENT_ANSWER), posted_at: A.isoTime, retracted_at: A.isoTime.nullable(), retract_reason: z.string().nullable() })),
});

/** GET /api/message/inbox's answer (decision 081): the caller's conversations, newest message first. */
const INBOX_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    subject: z.string(),
    preview: z.string(),
    last_message_at: A.isoTime,
    message_count: A.count,
    unread: A.count,
    is_read: z.boolean(),
    status: z.enum(["Active", "Archived"]),
  }),
);

/** Whoever holds 'View inbox' (spec-1 section 4); the kiosk is refused by the rules (never a party to a message). */
const INBOX = { auth: "required", anyPermission: [P.CAN_VIEW_INBOX] } as const satisfies AccessRule;

/**
 * The inbox (decision 073; the generic convention, node `message`): the spec's inbox call, one conversation, a new
 * conversation, replies, retraction, read and archive. No DELETE: a sent message is retracted, never removed.
 */
export const communicationsApi: readonly ApiRow[] = [
  apiRow({
    id: "message-inbox",
    method: "GET",
    path: "/api/message/inbox",
    description: "The caller's conversations, newest message first: is_read (true/false), status (Active, Archived), search (subject, last message), page, size. is_read=false, status=Active, page=0, size=1: the count is the unread badge.",
    rule: INBOX,
    query: inboxQuery,
    answers: { description: "{ data, count }", schema: INBOX_ANSWER },
    handle: (ctx) => inboxOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "message-recipients",
    method: "GET",
    path: "/api/message/recipients",
    description: "Who the caller may write to, by name (search, size ≤ 50): staff for a participant or parent; any active member for staff. Names and roles only.",
    rule: INBOX,
    query: recipientQuery,
    answers: { description: "{ data }" },
    handle: (ctx) => recipientsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "message-detail",
    method: "GET",
    path: "/api/message/:id",
    description: "One of the caller's conversations: subject, members (why each is there: author, recipient, guardian of a minor) and messages, oldest first; a retracted message shows its reason, not its words.",
    rule: INBOX,
    answers: { description: "The conversation", schema: THREAD_ANSWER },
    handle: (ctx) => threadOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "message-create",
    method: "POST",
    path: "/api/message",
    description:
      "A new conversation: subject (≤ 150), body (≤ 5000), recipient_ids (1-50). A minor's guardians are copied; a participant or parent writes to staff only; staff writing to several families start one conversation each.",
    rule: INBOX,
    answers: { description: "{ message: 'Message successfully created', data: { thread_ids } }" },
    handle: (ctx) => startThreadCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "message-reply",
    method: "POST",
    path: "/api/message/:id/reply",
    description: "A member's reply: body (≤ 5000).",
    rule: INBOX,
    answers: { description: "{ message: 'Message successfully created', data }" },
    handle: (ctx) => replyCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "message-retract",
    method: "POST",
    path: "/api/message/:id/messages/:messageId/retract",
    description: "The author retracts their message with a reason (required, ≤ 500) that stays visible; the words stay in the record for auditors.",
    rule: INBOX,
    answers: { description: "{ message: 'Message successfully retracted', data }" },
    handle: (ctx) => retractCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params.messageId, ctx.body, ctx.request),
  }),
  apiRow({
    id: "message-read",
    method: "PUT",
    path: "/api/message/:id/read",
    description: "Marks the conversation read for the caller.",
    rule: INBOX,
    answers: { description: "{ message, data: { unread_count } }" },
    handle: (ctx) => markReadCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.request),
  }),
  apiRow({
    id: "message-archive",
    method: "PUT",
    path: "/api/message/:id/archive",
    description: "Archives the conversation for the caller ({ archived: false } restores it); a new message brings it back.",
    rule: INBOX,
    answers: { description: "{ message }" },
    handle: (ctx) => archiveCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
];
