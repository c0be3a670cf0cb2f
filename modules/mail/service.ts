import type { Kysely } from "kysely";
import type { RedisClient } from "../kernel";
import { withinRedisDeadline, type Clock, type Logger, redisTargetOfClient } from "../kernel";
import type { RollcallQueue } from "../kernel/queues";
import { notificationPreferencesOf } from "../../projections/identity";
import { getOrganization } from "../../projections/organizations";
import { addUnsubscribe, insertMail, isUnsubscribed, listMail, mailById, removeUnsubscribe, type MailRow, type MailSummary } from "../../projections/mail";
import type { ReadModels } from "../../projections";
import { DEFAULT_BRAND, type MailBrand } from "./brand";
import { checkMailData, isNewsletter, type MailData, type MailKind } from "./kinds";
import { createMailQueue, enqueueMail, type MailJobData } from "./queue";
import { renderMail } from "./render";
import { unsubscribeSecret } from "./secret";
import { signUnsubscribe, verifyUnsubscribe } from "./unsubscribe-token";

/**
 * What the mail service works with: the load context's services have this shape. `redis: null` records
 * without queuing (the worker's sweep queues the row; the demo seed does this).
 */
export type MailServices = { db: Kysely<ReadModels>; publicUrl: string; queuePrefix: string; logger: Logger; clock: Clock; redis: RedisClient | null };

export type QueueMailInput<K extends MailKind> = {
  organizationId: string;
  to: string;
  kind: K;
  data: MailData<K>;
  /** an idempotency key: a second call with it records nothing and answers the first message's id */
  dedupeKey?: string;
  /** how the message looks, when the organization's read model cannot say yet (the demo seed) */
  brand?: Partial<MailBrand>;
};

const queues = new Map<string, RollcallQueue<MailJobData, unknown>>();

/** This process's mail queue for a prefix (one connection each, opened on first use). */
function mailQueue(redis: RedisClient, prefix: string) {
  let queue = queues.get(prefix);
  if (!queue) {
    queue = createMailQueue(redisTargetOfClient(redis), prefix);
    queues.set(prefix, queue);
  }
  return queue;
}

/** Closes this process's mail queue of a prefix (the web server's stop). */
export async function closeMailQueue(prefix: string): Promise<void> {
  const queue = queues.get(prefix);
  queues.delete(prefix);
  await queue?.close().catch(() => undefined);
}

/** The organization's look for e-mail: its name, brand colours (else its theme colour) and e-mail banner. */
export async function brandOf(db: Kysely<ReadModels>, organizationId: string): Promise<MailBrand> {
  const row = await getOrganization(db, organizationId);
  if (!row) return DEFAULT_BRAND;
  const s = row.settings;
  return {
    organizationName: row.name,
    color: s.brand_color_hex_code || row.main_color || DEFAULT_BRAND.color,
    highlight: s.brand_color_highlight || DEFAULT_BRAND.highlight,
    bannerUrl: s.email_banner,
    bannerAlt: s.email_banner_alt,
    supportEmail: s.support_email,
    timeZone: s.time_zone,
  };
}

/** The absolute `/unsubscribe/{token}` address of a recipient of the organization's mail. */
export async function unsubscribeUrlFor(services: Pick<MailServices, "db" | "publicUrl">, organizationId: string, address: string): Promise<string> {
  const token = signUnsubscribe(await unsubscribeSecret(services.db), { address, organizationId });
  return `${services.publicUrl}/unsubscribe/${token}`;
}

/**
 * Queues a message (decision 059), the one mail path: renders the kind's template for the organization,
 * records the message in the outbox (PostgreSQL first: from then on it is never lost), then adds its job.
 * Answers the outbox id. A newsletter to an address that unsubscribed is recorded as skipped and never
 * queued; transactional kinds always go. When Redis cannot take the job now, the row stays queued and the
 * worker's sweep adds it: the caller's command has succeeded either way (only a database failure throws).
 * Call it after the command's events are appended; a retried command with the same `dedupeKey` sends once.
 */
export async function queueMail<K extends MailKind>(services: MailServices, input: QueueMailInput<K>): Promise<string> {
  const data = checkMailData(input.kind, input.data);
  const to = input.to.trim();
  if (!/^[^\s@<>",]+@[^\s@<>",]+$/.test(to)) throw new TypeError(`queueMail(${input.kind}): '${to}' is not an e-mail address`);
  const brand = { ...(await brandOf(services.db, input.organizationId)), ...input.brand };
  const rendered = renderMail({ kind: input.kind, data, brand, publicUrl: services.publicUrl, unsubscribeUrl: await unsubscribeUrlFor(services, input.organizationId, to) });
  const skipped = isNewsletter(input.kind) && !(await receivesNewsletters(services, input.organizationId, to));
  const recorded = await insertMail(services.db, {
    organizationId: input.organizationId,
    kind: input.kind,
    fromName: brand.organizationName,
    to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: rendered.headers,
    data: data as Record<string, unknown>,
    status: skipped ? "skipped" : "queued",
    dedupeKey: input.dedupeKey ?? null,
  });
  if (recorded.status === "queued" && services.redis) {
    try {
      await withinRedisDeadline(enqueueMail(mailQueue(services.redis, services.queuePrefix), recorded.id));
    } catch (error) {
      services.logger.warn("mail recorded, its job not queued yet (the sweep will)", { outboxId: recorded.id, error: String(error) });
    }
  }
  return recorded.id;
}

export type UnsubscribeView =
  | { ok: true; address: string; organizationId: string; organizationName: string; unsubscribed: boolean }
  | { ok: false; message: string };

export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid. Open the link from the e-mail again, or use the newsletter settings in My Profile.";

async function claimsOf(services: Pick<MailServices, "db">, token: string) {
  const claims = verifyUnsubscribe(await unsubscribeSecret(services.db), token);
  if (!claims) return null;
  const org = await getOrganization(services.db, claims.organizationId);
  return { ...claims, organizationName: org?.name ?? "this organization" };
}

/** What `/unsubscribe/{id}` shows: the address and organization the link names, or why it is no good. */
export async function unsubscribeView(services: Pick<MailServices, "db">, token: string): Promise<UnsubscribeView> {
  const claims = await claimsOf(services, token);
  if (!claims) return { ok: false, message: UNSUBSCRIBE_INVALID };
  return { ok: true, ...claims, unsubscribed: await isUnsubscribed(services.db, claims.organizationId, claims.address) };
}

/** Turns the organization's newsletters off for the address the link names (a second time is fine). */
export async function unsubscribeByLink(services: Pick<MailServices, "db" | "clock" | "logger">, token: string): Promise<UnsubscribeView> {
  const claims = await claimsOf(services, token);
  if (!claims) return { ok: false, message: UNSUBSCRIBE_INVALID };
  await addUnsubscribe(services.db, claims.organizationId, claims.address, services.clock.now());
  services.logger.info("newsletter unsubscribed", { organizationId: claims.organizationId });
  return { ok: true, ...claims, unsubscribed: true };
}

/** Newsletters on or off for an address (My profile's preferences). */
export async function setNewsletterSubscription(services: Pick<MailServices, "db" | "clock">, input: { organizationId: string; address: string; subscribed: boolean }): Promise<void> {
  if (input.subscribed) await removeUnsubscribe(services.db, input.organizationId, input.address);
  else await addUnsubscribe(services.db, input.organizationId, input.address, services.clock.now());
}

/**
 * Whether the organization's newsletters reach the address: not unsubscribed by a link (decision 059) and
 * not turned off on the account's My profile (decision 060).
 */
export async function receivesNewsletters(services: Pick<MailServices, "db">, organizationId: string, address: string): Promise<boolean> {
  if (await isUnsubscribed(services.db, organizationId, address)) return false;
  return (await notificationPreferencesOf(services.db, address)).newsletters;
}

export type OutboxPage = { data: MailSummary[]; count: number; page: number; size: number };

/** The development outbox (/dev/mail): every message, newest first. */
export async function outboxPage(services: Pick<MailServices, "db">, page: number, size = 50): Promise<OutboxPage> {
  const safePage = Number.isInteger(page) && page > 0 ? page : 1;
  const { data, count } = await listMail(services.db, { limit: size, offset: (safePage - 1) * size });
  return { data, count, page: safePage, size };
}

/** One message of the development outbox (/dev/mail/{id}), or null. */
export const outboxMessage = (services: Pick<MailServices, "db">, id: string): Promise<MailRow | undefined> => mailById(services.db, id);
