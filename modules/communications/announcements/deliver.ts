import { DelayedError, UnrecoverableError, type Job } from "bullmq";
import type { Kysely } from "kysely";
import type { RedisClient } from "../../kernel";
import { handleCommand, idFrom, type Clock, type EventStore, type Logger } from "../../kernel";
import type { RollcallQueue } from "../../kernel/queues";
import { queueMail, type MailServices } from "../../mail";
import { timeZoneOf, todayIn } from "../../organizations";
import {
  announcementById,
  announcementsDue,
  cancelQueuedDeliveries,
  deliveredThreads,
  deliveryOf,
  insertDeliveries,
  resolveAudience,
  settleDelivery,
  staleQueuedDeliveries,
  type NewDelivery,
} from "../../../projections/announcements";
import { peopleForMessages } from "../../../projections/messages";
import { getOrganization } from "../../../projections/organizations";
import type { ReadModels } from "../../../projections";
import { threadDecider } from "../decide";
import { threadStreamId } from "../events";
import { SUBJECT_MAX } from "../schema";
import { personOf } from "../service";
import { attachmentSize } from "./attachment-limits";
import { announcementDecider } from "./decide";
import { announcementStreamId, type Audience, type Channel } from "./events";
import { RATE_LIMITS, RETRACT_JOB, SWEEP_JOB, type DeliveryJobData, type FanoutJobData, enqueueDeliveries, enqueueFanout } from "./queue";
import { plainTextOf } from "./sanitize";
import { smsTextOf } from "./schema";
import { normalizePhone, type SmsProvider } from "./sms-provider";

export type DeliveryDeps = {
  db: Kysely<ReadModels>;
  store: EventStore;
  clock: Clock;
  logger: Logger;
  /** rate-limit counters, and the mail queue's jobs (queueMail) */
  redis: RedisClient;
  publicUrl: string;
  queuePrefix: string;
  sms: SmsProvider;
  channelQueues: Record<Channel, RollcallQueue<DeliveryJobData, unknown>>;
  fanoutQueue: RollcallQueue<FanoutJobData, unknown>;
  rateLimits?: Partial<Record<Channel, number>>;
};

/** An INTERNAL copy's conversation: one per announcement and recipient (its id is the idempotency of the copy). */
export const announcementThreadId = (announcementId: string, userId: string) => idFrom("announcement-thread", announcementId, userId);
export const mailDedupeKey = (announcementId: string, userId: string) => `announcement-${announcementId}-${userId}`;

const systemMetadata = (organizationId: string, actorId: string, ...key: string[]) => ({ commandId: idFrom("announcement-delivery", ...key), organizationId, actorId });

/**
 * The fan-out (decision 089): the audience as it is at send time, one delivery row per recipient and channel
 * (a row that exists is kept: run twice, nothing doubles), then every still-queued delivery's job (job ids are
 * the rows' keys), then the announcement records its fan-out. A retracted announcement fans out nothing.
 */
export async function fanOut(deps: DeliveryDeps, data: FanoutJobData): Promise<{ recipients: number; deliveries: number }> {
  const row = await announcementById(deps.db, data.organizationId, data.announcementId);
  if (!row) throw new Error(`announcement ${data.announcementId} not in the read model yet`);
  // sent: the fan-out was recorded after its last job was added; running it again would only meet a changed audience
  if (row.status === "retracted" || row.status === "draft" || row.status === "sent") return { recipients: 0, deliveries: 0 };
  const people = await resolveAudience(deps.db, data.organizationId, row.audience as Audience);
  const rows: NewDelivery[] = [];
  for (const person of people) {
    for (const channel of row.channels as Channel[]) {
      const address = channel === "EMAIL" ? person.email || null : channel === "SMS" ? normalizePhone(person.phone) : null;
      // no address to send to: recorded as failed with its reason at once, not a job that can only fail
      const failed = channel === "INTERNAL" || address ? undefined : noAddress(channel);
      rows.push({ announcementId: row.id, organizationId: data.organizationId, userId: person.id, channel, address, failed });
    }
  }
  await insertDeliveries(deps.db, rows);
  for (const channel of row.channels as Channel[]) {
    const jobs = rows.filter((r) => r.channel === channel && !r.failed).map((r) => ({ announcementId: r.announcementId, organizationId: r.organizationId, userId: r.userId, channel }));
    await enqueueDeliveries(deps.channelQueues[channel], jobs);
  }
  const result = await handleCommand(deps, announcementDecider, announcementStreamId(row.id), {
    type: "RecordFanOut",
    data: { announcementId: row.id, recipientCount: people.length, deliveryCount: rows.length },
    metadata: systemMetadata(data.organizationId, row.author_id, row.id, "fanout"),
  });
  if (!result.ok) throw result.error;
  return { recipients: people.length, deliveries: rows.length };
}

/** Per organization and channel, deliveries per second: a job over the limit waits for the next second. */
async function overRateLimit(deps: DeliveryDeps, job: Job<DeliveryJobData>, token: string | undefined): Promise<boolean> {
  const limit = deps.rateLimits?.[job.data.channel] ?? RATE_LIMITS[job.data.channel];
  const now = deps.clock.now().getTime();
  const second = Math.floor(now / 1000);
  const key = `${deps.queuePrefix}:comm-rate:${job.data.channel}:${job.data.organizationId}:${second}`;
  const used = await deps.redis.incr(key);
  if (used === 1) await deps.redis.pexpire(key, 5000);
  if (used <= limit) return false;
  await job.moveToDelayed((second + 1) * 1000 + Math.floor(Math.random() * 250), token);
  return true;
}

const isPermanent = (error: unknown) => Boolean(error && typeof error === "object" && (error as { permanent?: boolean }).permanent === true);
class PermanentDeliveryError extends Error {
  readonly permanent = true;
}

/**
 * One delivery (decision 089), idempotent per recipient and channel: a row no longer queued is done; INTERNAL
 * starts the recipient's copy as a conversation whose id is derived from the pair (started once, however often
 * tried); EMAIL records the message in the mail outbox under a key derived from the pair (recorded once; the
 * mail worker sends it, with one Message-ID); SMS goes to the provider under such a key.
 */
export async function deliver(deps: DeliveryDeps, job: Job<DeliveryJobData>, token?: string): Promise<{ status: string }> {
  const { announcementId, userId, channel, organizationId } = job.data;
  const key = { announcementId, channel, userId };
  const delivery = await deliveryOf(deps.db, announcementId, channel, userId);
  if (!delivery) throw new Error(`delivery ${job.id} not recorded`);
  if (delivery.status !== "queued") return { status: delivery.status };
  const announcement = await announcementById(deps.db, organizationId, announcementId);
  if (!announcement) throw new Error(`announcement ${announcementId} not in the read model yet`);
  if (announcement.status === "retracted") {
    await settleDelivery(deps.db, key, { status: "cancelled", lastError: "Retracted before it was sent" });
    return { status: "cancelled" };
  }
  if (await overRateLimit(deps, job, token)) throw new DelayedError();
  const attempt = job.attemptsMade + 1;
  try {
    const outcome = await send(deps, { channel, organizationId, userId, announcementId, address: delivery.address, announcement });
    await settleDelivery(deps.db, key, { status: outcome.status, attempts: attempt, lastError: null, ref: outcome.ref });
    return { status: outcome.status };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = isPermanent(error);
    const last = permanent || attempt >= (job.opts.attempts ?? 1);
    await settleDelivery(deps.db, key, { status: last ? "failed" : "queued", attempts: attempt, lastError: message });
    if (permanent) throw new UnrecoverableError(message);
    throw error;
  }
}

const noAddress = (channel: Channel) => (channel === "EMAIL" ? "No e-mail address" : "No mobile number on the profile");

type Announcement = NonNullable<Awaited<ReturnType<typeof announcementById>>>;

async function send(
  deps: DeliveryDeps,
  d: { channel: Channel; organizationId: string; userId: string; announcementId: string; address: string | null; announcement: Announcement },
): Promise<{ status: string; ref: string }> {
  const a = d.announcement;
  if (d.channel === "INTERNAL") {
    const org = await getOrganization(deps.db, d.organizationId);
    const today = todayIn(timeZoneOf(org?.settings ?? {}), deps.clock.now());
    const people = await peopleForMessages(deps.db, [a.author_id, d.userId]);
    const author = people.find((p) => p.id === a.author_id);
    const recipient = people.find((p) => p.id === d.userId);
    if (!author) throw new PermanentDeliveryError("The author's account no longer exists");
    const threadId = announcementThreadId(a.id, d.userId);
    const result = await handleCommand(deps, threadDecider, threadStreamId(threadId), {
      type: "StartThread",
      data: { threadId, messageId: idFrom("message", threadId, "first"), subject: a.subject.slice(0, SUBJECT_MAX), body: plainTextOf(a.body), author: personOf(author, today), recipients: [recipient ? personOf(recipient, today) : null], attachments: a.attachments ?? [] },
      metadata: systemMetadata(d.organizationId, a.author_id, a.id, d.userId, "INTERNAL"),
    });
    if (!result.ok) throw new PermanentDeliveryError(result.error.message);
    return { status: "delivered", ref: threadId };
  }
  if (!d.address) throw new PermanentDeliveryError(noAddress(d.channel));
  if (d.channel === "EMAIL") {
    const services: MailServices = { db: deps.db, publicUrl: deps.publicUrl, queuePrefix: deps.queuePrefix, logger: deps.logger, clock: deps.clock, redis: deps.redis };
    const paragraphs = plainTextOf(a.body).split(/\n+/).map((p) => p.trim()).filter(Boolean).slice(0, 50);
    // attachments are not mailed (five files to thousands of inboxes): named, and opened in the in-app copy (decision 107)
    const files = (a.attachments ?? []).map((f) => `${f.name} (${attachmentSize(f.bytes)})`);
    const inbox = `/inbox?thread=${announcementThreadId(a.id, d.userId)}`;
    const data = { title: a.subject.slice(0, 200), paragraphs: paragraphs.length ? paragraphs : [a.subject] };
    const outboxId =
      a.kind === "newsletter"
        ? await queueMail(services, { organizationId: d.organizationId, to: d.address, kind: "newsletter", data: files.length ? { ...data, paragraphs: [...data.paragraphs, `Attached (open them in your Rollcall inbox): ${files.join(", ")}.`], link: inbox, linkLabel: "Open the attachments" } : data, dedupeKey: mailDedupeKey(a.id, d.userId) })
        : await queueMail(services, { organizationId: d.organizationId, to: d.address, kind: "announcement", data: files.length ? { ...data, attachments: files, link: inbox } : data, dedupeKey: mailDedupeKey(a.id, d.userId) });
    return { status: "sent", ref: outboxId };
  }
  const sent = await deps.sms.send({ organizationId: d.organizationId, to: d.address, body: smsTextOf(a.subject, a.body), dedupeKey: mailDedupeKey(a.id, d.userId) });
  return { status: "sent", ref: sent.ref };
}

/** A retraction's follow-up: queued deliveries cancelled, and each inbox copy's message retracted with the reason. */
export async function withdraw(deps: DeliveryDeps, data: FanoutJobData): Promise<{ withdrawn: number }> {
  const a = await announcementById(deps.db, data.organizationId, data.announcementId);
  if (!a || a.status !== "retracted") return { withdrawn: 0 };
  await cancelQueuedDeliveries(deps.db, a.id);
  let withdrawn = 0;
  for (const t of await deliveredThreads(deps.db, a.id)) {
    if (!t.ref) continue;
    const result = await handleCommand(deps, threadDecider, threadStreamId(t.ref), {
      type: "RetractMessage",
      data: { threadId: t.ref, messageId: idFrom("message", t.ref, "first"), reason: a.retract_reason ?? "Retracted", actorId: a.author_id },
      metadata: systemMetadata(data.organizationId, a.author_id, a.id, t.user_id, "withdraw"),
    });
    if (result.ok) withdrawn++;
  }
  return { withdrawn };
}

/**
 * The sweep (decision 089): deliveries still queued a while after they were recorded get their job again (an id
 * still kept is not added twice), and announcements whose send time passed without a fan-out get theirs.
 */
export async function sweepDeliveries(deps: DeliveryDeps, olderThanMs = 60_000): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - olderThanMs);
  const stale = await staleQueuedDeliveries(deps.db, before);
  const byChannel = new Map<Channel, DeliveryJobData[]>();
  for (const s of stale) {
    const list = byChannel.get(s.channel as Channel) ?? [];
    list.push({ announcementId: s.announcement_id, organizationId: s.organization_id, userId: s.user_id, channel: s.channel as Channel });
    byChannel.set(s.channel as Channel, list);
  }
  for (const [channel, jobs] of byChannel) await enqueueDeliveries(deps.channelQueues[channel], jobs);
  const due = await announcementsDue(deps.db, before);
  for (const a of due) await enqueueFanout(deps.fanoutQueue, { announcementId: a.id, organizationId: a.organization_id }, 0);
  return stale.length + due.length;
}

/** The fan-out queue's jobs: a fan-out, a retraction's withdrawal, or the sweep. */
export function processFanoutJob(deps: DeliveryDeps, job: Job<FanoutJobData>) {
  if (job.name === SWEEP_JOB) return sweepDeliveries(deps).then((n) => ({ swept: n }));
  if (job.name === RETRACT_JOB) return withdraw(deps, job.data);
  return fanOut(deps, job.data);
}
