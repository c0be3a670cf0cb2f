import { sql, type Kysely, type Transaction } from "kysely";
import { INBOX_CHANGED, inboxTopic, isThreadEvent, THREAD_EVENT_TYPES, type ThreadEvent } from "../../modules/communications";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection, type LiveMessageLike } from "../runner";
import type { MessageTables } from "./tables";

type Db = Kysely<MessageTables> | Transaction<MessageTables>;

export const PREVIEW_LENGTH = 140;
const previewOf = (body: string) => (body.length > PREVIEW_LENGTH ? `${body.slice(0, PREVIEW_LENGTH - 1)}…` : body).replace(/\s+/g, " ");

async function applyEvent(db: Db, event: RecordedEvent<ThreadEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "ThreadStarted": {
      const d = event.data;
      const author = d.members.find((m) => m.reason === "author")?.userId ?? "";
      await db
        .insertInto("rm_threads")
        .values({ id: d.threadId, organization_id: d.organizationId, subject: d.subject, started_by: author, started_at: at, last_message_at: at, last_author_id: null })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await db
        .insertInto("rm_thread_members")
        .values(d.members.map((m) => ({ thread_id: d.threadId, user_id: m.userId, organization_id: d.organizationId, reason: m.reason, for_user_id: m.forUserId, last_message_at: at })))
        .onConflict((oc) => oc.columns(["thread_id", "user_id"]).doNothing())
        .execute();
      return;
    }
    case "MessagePosted": {
      const d = event.data;
      const inserted = await db
        .insertInto("rm_messages")
        .values({ id: d.messageId, thread_id: d.threadId, organization_id: sql<string>`(select organization_id from rm_threads where id = ${d.threadId})`, author_id: d.authorId, body: d.body, attachments: JSON.stringify(d.attachments ?? []), posted_at: at })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return;
      await db
        .updateTable("rm_threads")
        .set({ last_message_at: at, last_author_id: d.authorId, preview: previewOf(d.body), message_count: sql`message_count + 1` })
        .where("id", "=", d.threadId)
        .execute();
      await db
        .updateTable("rm_thread_members")
        .set({
          last_message_at: at,
          archived: false,
          unread: sql`case when user_id = ${d.authorId} then 0 else unread + 1 end`,
          last_read_at: sql`case when user_id = ${d.authorId} then ${at}::timestamptz else last_read_at end`,
        })
        .where("thread_id", "=", d.threadId)
        .execute();
      return;
    }
    case "MessageRetracted":
      await db.updateTable("rm_messages").set({ retracted_at: at, retract_reason: event.data.reason, retracted_by: event.data.retractedBy }).where("id", "=", event.data.messageId).execute();
      return;
    case "ThreadRead":
      await db.updateTable("rm_thread_members").set({ unread: 0, last_read_at: at }).where("thread_id", "=", event.data.threadId).where("user_id", "=", event.data.userId).execute();
      return;
    case "ThreadArchived":
      await db.updateTable("rm_thread_members").set({ archived: event.data.archived }).where("thread_id", "=", event.data.threadId).where("user_id", "=", event.data.userId).execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Each member of a changed conversation hears `inbox:changed { thread_id }` on their own topic (after commit). */
async function liveMessagesFor(db: Db, threadId: string): Promise<LiveMessageLike[]> {
  const members = await db.selectFrom("rm_thread_members").select(["user_id", "organization_id"]).where("thread_id", "=", threadId).execute();
  return members.map((m) => ({ organizationId: m.organization_id, topic: inboxTopic(m.user_id), event: INBOX_CHANGED, payload: { thread_id: threadId } }));
}

/** Conversations, members and messages (decision 073). */
export const messagesProjection = defineProjection<MessageTables>({
  name: "messages",
  tables: ["rm_threads", "rm_thread_members", "rm_messages"],
  eventTypes: THREAD_EVENT_TYPES,
  async apply(db, events) {
    const live: LiveMessageLike[] = [];
    for (const event of events) {
      if (!isThreadEvent(event)) continue;
      const e = event as RecordedEvent<ThreadEvent>;
      await applyEvent(db, e);
      // a read or an archive changes only that member's badge and list
      if (e.type === "ThreadRead" || e.type === "ThreadArchived") {
        const m = await db.selectFrom("rm_thread_members").select(["organization_id"]).where("thread_id", "=", e.data.threadId).where("user_id", "=", e.data.userId).executeTakeFirst();
        if (m) live.push({ organizationId: m.organization_id, topic: inboxTopic(e.data.userId), event: INBOX_CHANGED, payload: { thread_id: e.data.threadId } });
      } else live.push(...(await liveMessagesFor(db, e.data.threadId)));
    }
    return live;
  },
});
