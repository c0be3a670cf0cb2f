import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";
import type { Attachment } from "../../modules/communications";

const iso = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `failed` with its reason: a delivery that cannot be made (no address on the profile), recorded without a job. */
export type NewDelivery = { announcementId: string; organizationId: string; userId: string; channel: string; address: string | null; failed?: string };
export type DeliveryRow = { announcement_id: string; user_id: string; channel: string; organization_id: string; address: string | null; status: string; attempts: number; ref: string | null };

/** Records deliveries; one that exists already is left as it is (the fan-out's idempotency). Answers how many were new. */
export async function insertDeliveries(db: Kysely<ReadModels>, rows: NewDelivery[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const result = await db
      .insertInto("comm_deliveries")
      .values(chunk.map((r) => ({ announcement_id: r.announcementId, organization_id: r.organizationId, user_id: r.userId, channel: r.channel, address: r.address, ...(r.failed ? { status: "failed", last_error: r.failed } : {}) })))
      .onConflict((oc) => oc.columns(["announcement_id", "channel", "user_id"]).doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

export const deliveryOf = (db: Kysely<ReadModels>, announcementId: string, channel: string, userId: string) =>
  db
    .selectFrom("comm_deliveries")
    .select(["announcement_id", "user_id", "channel", "organization_id", "address", "status", "attempts", "ref"])
    .where("announcement_id", "=", announcementId)
    .where("channel", "=", channel)
    .where("user_id", "=", userId)
    .executeTakeFirst() as Promise<DeliveryRow | undefined>;

/** A delivery's new state; `onlyQueued`: only while it is still queued (a retraction's cancel, never over a sent one). */
/**
 * A text message's fate as Twilio reports it (decision 108), by the provider's message id kept as the delivery's ref:
 * only a delivery still "sent" moves (callbacks may arrive out of order; delivered and failed are final).
 */
export async function settleSmsByRef(db: Kysely<ReadModels>, ref: string, outcome: { status: "delivered" | "failed"; reason: string | null }): Promise<number> {
  const done = await db
    .updateTable("comm_deliveries")
    .set({ status: outcome.status, last_error: outcome.reason, updated_at: new Date() })
    .where("channel", "=", "SMS")
    .where("ref", "=", ref)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

export async function settleDelivery(
  db: Kysely<ReadModels>,
  key: { announcementId: string; channel: string; userId: string },
  change: { status: string; attempts?: number; lastError?: string | null; ref?: string | null },
): Promise<void> {
  await db
    .updateTable("comm_deliveries")
    .set({
      status: change.status,
      ...(change.attempts === undefined ? {} : { attempts: change.attempts }),
      ...(change.lastError === undefined ? {} : { last_error: change.lastError }),
      ...(change.ref === undefined ? {} : { ref: change.ref }),
      updated_at: new Date(),
    })
    .where("announcement_id", "=", key.announcementId)
    .where("channel", "=", key.channel)
    .where("user_id", "=", key.userId)
    .execute();
}

/** Cancels what has not gone yet (a retraction). */
export async function cancelQueuedDeliveries(db: Kysely<ReadModels>, announcementId: string): Promise<number> {
  const result = await db.updateTable("comm_deliveries").set({ status: "cancelled", last_error: "Retracted before it was sent", updated_at: new Date() }).where("announcement_id", "=", announcementId).where("status", "=", "queued").executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deliveries still queued that are older than `before`: their jobs may have been lost (the sweep). */
export const staleQueuedDeliveries = (db: Kysely<ReadModels>, before: Date, limit = 5000) =>
  db.selectFrom("comm_deliveries").select(["announcement_id", "organization_id", "channel", "user_id"]).where("status", "=", "queued").where("created_at", "<", before).orderBy("created_at").limit(limit).execute();

/** Announcements due whose fan-out has not been recorded by `before` (its job lost, or never added). */
export const announcementsDue = (db: Kysely<ReadModels>, before: Date) =>
  db.selectFrom("rm_announcements").select(["id", "organization_id"]).where("status", "in", ["sending", "scheduled"]).where("send_at", "<", before).limit(100).execute();

/** The INTERNAL deliveries of an announcement that reached an inbox (a retraction withdraws them there too). */
export const deliveredThreads = (db: Kysely<ReadModels>, announcementId: string) =>
  db.selectFrom("comm_deliveries").select(["user_id", "ref"]).where("announcement_id", "=", announcementId).where("channel", "=", "INTERNAL").where("status", "=", "delivered").execute();

export type AnnouncementRow = {
  id: string;
  kind: string;
  subject: string;
  body: string;
  audience: unknown;
  channels: string[];
  /** decision 107 */
  attachments: Attachment[];
  status: string;
  author_id: string;
  author_name: string;
  send_at: string | null;
  sent_at: string | null;
  recipient_count: number | null;
  retract_reason: string | null;
  retracted_at: string | null;
  updated_at: string;
};

const announcementColumns = [
  "a.id",
  "a.kind",
  "a.subject",
  "a.body",
  "a.audience",
  "a.channels",
  "a.attachments",
  "a.status",
  "a.author_id",
  "a.recipient_count",
  "a.retract_reason",
  sql<string>`coalesce(u.first_name || ' ' || u.last_name, '')`.as("author_name"),
  iso("a.send_at").as("send_at"),
  iso("a.sent_at").as("sent_at"),
  iso("a.retracted_at").as("retracted_at"),
  sql<string>`to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("updated_at"),
] as const;

const base = (db: Kysely<ReadModels>, organizationId: string) =>
  db.selectFrom("rm_announcements as a").leftJoin("rm_users as u", (j) => j.on(sql`u.id::text`, "=", sql.ref("a.author_id"))).where("a.organization_id", "=", organizationId);

/** The organization's announcements, newest change first. */
export async function announcementPage(db: Kysely<ReadModels>, organizationId: string, filter: { status?: string; page: number; size: number }) {
  let q = base(db, organizationId);
  if (filter.status) q = q.where("a.status", "=", filter.status);
  const [rows, total] = await Promise.all([
    q.select(announcementColumns).orderBy("a.updated_at", "desc").orderBy("a.id").limit(filter.size).offset(filter.page * filter.size).execute(),
    q.select(sql<number>`count(*)::int`.as("n")).executeTakeFirst(),
  ]);
  return { rows: rows as AnnouncementRow[], count: total?.n ?? 0 };
}

export async function announcementById(db: Kysely<ReadModels>, organizationId: string, id: string): Promise<AnnouncementRow | undefined> {
  return (await base(db, organizationId).select(announcementColumns).where("a.id", "=", id).executeTakeFirst()) as AnnouncementRow | undefined;
}

/** What a recipient's delivery reads as: queued, sent, delivered, read (INTERNAL), skipped, failed (with reason) or cancelled. */
export type DeliveryView = { user_id: string; name: string; channel: string; address: string | null; status: string; reason: string | null; updated_at: string };

const deliveryStatus = sql<string>`case
  when d.channel = 'INTERNAL' and d.status = 'delivered' and m.unread = 0 then 'read'
  when d.channel = 'EMAIL' and d.status = 'sent' then case o.status when 'queued' then 'queued' when 'failed' then 'failed' when 'skipped' then 'skipped' else 'sent' end
  else d.status end`;

/** An announcement's deliveries, per recipient and channel (name order), and the tally per status. */
export async function deliveriesOf(db: Kysely<ReadModels>, organizationId: string, announcementId: string, page: { page: number; size: number }) {
  const { rows } = await sql<DeliveryView>`
    select d.user_id, coalesce(u.first_name || ' ' || u.last_name, '') as name, d.channel, d.address, ${deliveryStatus} as status,
      case when d.channel = 'EMAIL' and o.status = 'skipped' then 'Unsubscribed from newsletters' else coalesce(o.last_error, d.last_error) end as reason,
      to_char(greatest(d.updated_at, o.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
    from comm_deliveries d
    left join rm_users u on u.id::text = d.user_id
    left join rm_thread_members m on d.channel = 'INTERNAL' and m.thread_id = d.ref and m.user_id = d.user_id
    left join mail_outbox o on d.channel = 'EMAIL' and o.id::text = d.ref
    where d.organization_id = ${organizationId} and d.announcement_id = ${announcementId}
    order by u.last_name, u.first_name, d.user_id, d.channel
    limit ${page.size} offset ${page.page * page.size}`.execute(db);
  const { rows: tally } = await sql<{ status: string; n: number }>`
    select ${deliveryStatus} as status, count(*)::int as n
    from comm_deliveries d
    left join rm_thread_members m on d.channel = 'INTERNAL' and m.thread_id = d.ref and m.user_id = d.user_id
    left join mail_outbox o on d.channel = 'EMAIL' and o.id::text = d.ref
    where d.organization_id = ${organizationId} and d.announcement_id = ${announcementId}
    group by 1`.execute(db);
  return { rows, tally: Object.fromEntries(tally.map((t) => [t.status, t.n])) as Record<string, number>, count: tally.reduce((n, t) => n + t.n, 0) };
}

/** Keeps a text message in the embedded outbox (a second time with the same key keeps nothing). Answers its id. */
export async function keepSms(db: Kysely<ReadModels>, sms: { organizationId: string; to: string; body: string; dedupeKey: string }): Promise<string> {
  const inserted = await db
    .insertInto("sms_outbox")
    .values({ organization_id: sms.organizationId, to_number: sms.to, body: sms.body, dedupe_key: sms.dedupeKey })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return String(inserted.id);
  const first = await db.selectFrom("sms_outbox").select("id").where("dedupe_key", "=", sms.dedupeKey).executeTakeFirstOrThrow();
  return String(first.id);
}

/** The development outbox's text messages, newest first. */
export const smsOutboxPage = (db: Kysely<ReadModels>, limit = 50) =>
  db.selectFrom("sms_outbox").select(["id", "organization_id", "to_number", "body", iso("created_at").as("created_at")]).orderBy("id", "desc").limit(limit).execute();
