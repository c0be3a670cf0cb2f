import { commandMetadataOf, LEVEL, PERMISSIONS as P, type Auth, type Services } from "../identity";
import { DomainError, handleCommand, idFrom, isUuid, validationError } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { inboxPage, messageRecipients, peopleForMessages, threadForMember, unreadThreadCount, type PersonRow } from "../../projections/messages";
import { getOrganization } from "../../projections/organizations";
import { waitForProjection } from "../../projections/runner";
import { attachmentViews } from "./announcements/attachments";
import { isStaffLevel, threadDecider, threadNotFound, type Person, type ThreadCommand } from "./decide";
import { threadStreamId } from "./events";
import { inboxTopic } from "./live";
import { newThreadSchema, recipientQuery, replySchema, retractSchema, type InboxQuery } from "./schema";

export const MESSAGE_TOASTS = {
  created: "Message successfully created",
  retracted: "Message successfully retracted",
  read: "Message successfully updated",
  archived: "Message successfully archived",
  restored: "Message successfully restored",
} as const;

export const ADULT_AGE = 18;

const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;
export const mayUseInbox = (auth: Auth) => auth.user.permissionIds.includes(P.CAN_VIEW_INBOX);
const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);

/** Years between a date of birth and today (both YYYY-MM-DD). */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * A user as the rules see them. A participant's account is a minor under 18 by their profile's date of birth in the
 * organization's time zone; a participant account with no profile or no date of birth counts as a minor (safety first:
 * their guardians are copied).
 */
export function personOf(row: PersonRow, today: string): Person {
  const participant = row.level === LEVEL.participant && row.group_name === "PARTICIPANT";
  const minor = participant && (!row.dob || ageOn(row.dob, today) < ADULT_AGE);
  return { userId: row.id, organizationId: row.organization_id, level: row.level, active: row.status === "Active", minor, guardianIds: minor ? row.guardian_ids : [] };
}

async function todayOf(services: Services, auth: Auth): Promise<string> {
  const organization = await getOrganization(services.db, auth.organization.id);
  return todayIn(timeZoneOf(organization?.settings ?? {}), services.clock.now());
}

async function run(services: Services, command: ThreadCommand) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, threadDecider, threadStreamId(command.data.threadId), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "messages", { atLeast: position });
  return result;
}

/**
 * POST /api/message (decision 073): a new conversation. A staff member writing to several participants or families
 * starts one conversation per family (each with the staff recipients), so families never read each other's replies.
 */
export async function startThreadCall(services: Services, auth: Auth, body: unknown, request: Request) {
  if (!mayUseInbox(auth)) throw forbidden();
  const parsed = newThreadSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const ids = [...new Set(parsed.data.recipient_ids)];
  const rows = await peopleForMessages(services.db, [auth.user.id, ...ids.filter(isUuid)]);
  const today = await todayOf(services, auth);
  const byId = new Map(rows.map((r) => [r.id, personOf(r, today)]));
  const author = byId.get(auth.user.id);
  if (!author) throw forbidden();
  const recipients = ids.map((id) => byId.get(id) ?? null);
  const metadata = commandMetadataOf(auth, request, bodyKey(body));
  const known = recipients.filter((r): r is Person => r !== null && r.userId !== author.userId);
  const families = isStaffLevel(author.level) && recipients.every((r) => r !== null) ? known.filter((r) => !isStaffLevel(r.level)) : [];
  const staff = known.filter((r) => isStaffLevel(r.level));
  const groups: (Person | null)[][] = families.length > 1 ? families.map((f) => [f, ...staff]) : [recipients];
  const threadIds: string[] = [];
  for (const [i, group] of groups.entries()) {
    const threadId = idFrom("message-thread", metadata.commandId, String(i));
    await run(services, {
      type: "StartThread",
      data: { threadId, messageId: idFrom("message", threadId, "first"), subject: parsed.data.subject, body: parsed.data.body, author, recipients: group },
      metadata: { ...metadata, commandId: idFrom(metadata.commandId, String(i)) },
    });
    threadIds.push(threadId);
  }
  return { message: MESSAGE_TOASTS.created, data: { thread_ids: threadIds } };
}

const threadIdOf = (id: string | undefined) => {
  if (!id || !isUuid(id)) throw threadNotFound();
  return id;
};

/** POST /api/message/{id}/reply: a member's message in the conversation. */
export async function replyCall(services: Services, auth: Auth, id: string | undefined, body: unknown, request: Request) {
  if (!mayUseInbox(auth)) throw forbidden();
  const threadId = threadIdOf(id);
  const parsed = replySchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const metadata = commandMetadataOf(auth, request, bodyKey(body));
  const messageId = idFrom("message", threadId, metadata.commandId);
  await run(services, { type: "PostMessage", data: { threadId, messageId, body: parsed.data.body, authorId: auth.user.id }, metadata });
  return { message: MESSAGE_TOASTS.created, data: await threadOf(services, auth, threadId) };
}

/** POST /api/message/{id}/messages/{messageId}/retract: the author withdraws a message with a reason that stays visible. */
export async function retractCall(services: Services, auth: Auth, id: string | undefined, messageId: string | undefined, body: unknown, request: Request) {
  if (!mayUseInbox(auth)) throw forbidden();
  const threadId = threadIdOf(id);
  const parsed = retractSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  await run(services, { type: "RetractMessage", data: { threadId, messageId: messageId ?? "", reason: parsed.data.reason, actorId: auth.user.id }, metadata: commandMetadataOf(auth, request, bodyKey(body)) });
  return { message: MESSAGE_TOASTS.retracted, data: await threadOf(services, auth, threadId) };
}

/** PUT /api/message/{id}/read. */
export async function markReadCall(services: Services, auth: Auth, id: string | undefined, request: Request) {
  if (!mayUseInbox(auth)) throw forbidden();
  const threadId = threadIdOf(id);
  await run(services, { type: "MarkThreadRead", data: { threadId, userId: auth.user.id }, metadata: commandMetadataOf(auth, request) });
  return { message: MESSAGE_TOASTS.read, data: { unread_count: await unreadThreadCount(services.db, auth.user.id) } };
}

/** PUT /api/message/{id}/archive `{ archived }` (default true): out of (or back into) the caller's inbox. */
export async function archiveCall(services: Services, auth: Auth, id: string | undefined, body: unknown, request: Request) {
  if (!mayUseInbox(auth)) throw forbidden();
  const threadId = threadIdOf(id);
  const raw = (body as { archived?: unknown } | null)?.archived;
  if (raw !== undefined && typeof raw !== "boolean") throw new DomainError("VALIDATION", "Archived must be true or false", 400, { fieldErrors: { archived: ["Archived must be true or false"] } });
  const archived = raw ?? true;
  await run(services, { type: "ArchiveThread", data: { threadId, userId: auth.user.id, archived }, metadata: commandMetadataOf(auth, request, bodyKey(body)) });
  return { message: archived ? MESSAGE_TOASTS.archived : MESSAGE_TOASTS.restored };
}

/** GET /api/message/inbox: the caller's conversations (spec: is_read=false, status=Active, page=0, size=1 gives the badge's count). */
export async function inboxOf(services: Services, auth: Auth, query: InboxQuery) {
  if (!mayUseInbox(auth)) throw forbidden();
  const { rows, count } = await inboxPage(services.db, auth.user.id, {
    archived: query.status === "Archived",
    isRead: query.is_read === undefined ? undefined : query.is_read === "true",
    search: query.search,
    page: query.page,
    size: query.size,
  });
  return { data: rows, count };
}

/** GET /api/message/{id}: one conversation of the caller's (404 otherwise), its members and messages. */
export async function threadOf(services: Services, auth: Auth, id: string | undefined) {
  if (!mayUseInbox(auth)) throw forbidden();
  const thread = await threadForMember(services.db, auth.organization.id, threadIdOf(id), auth.user.id);
  if (!thread) throw threadNotFound();
  // an announcement's files, each with a short-lived signed url for this member (decision 107)
  const messages = await Promise.all(thread.messages.map(async (m) => ({ ...m, attachments: await attachmentViews(services, auth.organization.id, m.attachments) })));
  return { ...thread, messages };
}

/** The badge: how many conversations have unread messages. */
export const unreadCountOf = (services: Services, auth: Auth) => (mayUseInbox(auth) ? unreadThreadCount(services.db, auth.user.id) : Promise.resolve(0));

/**
 * GET /api/message/recipients?search=: who the caller may write to, by name. A participant or parent: the
 * organization's active staff; staff: every active member but the kiosk. Names and roles only.
 */
export async function recipientsOf(services: Services, auth: Auth, query: unknown) {
  if (!mayUseInbox(auth)) throw forbidden();
  const parsed = recipientQuery.safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const staffOnly = !isStaffLevel(auth.user.roleLevel);
  return { data: await messageRecipients(services.db, auth.organization.id, { search: parsed.data.search, staffOnly, excludeId: auth.user.id, limit: parsed.data.size }) };
}



/** The root's live subscription for the signed-in user's inbox, or null without 'View inbox'. */
export const inboxLiveOf = (auth: Auth) => (mayUseInbox(auth) ? { organizationId: auth.organization.id, topic: inboxTopic(auth.user.id) } : null);
