import { UnrecoverableError, type Job } from "bullmq";
import type { Kysely } from "kysely";
import { isNewsletter, MAIL_SWEEP_JOB, enqueueMail, type MailJobData } from "../../modules/mail";
import type { Clock, Logger } from "../../modules/kernel";
import type { RollcallQueue } from "../../modules/kernel/queues";
import { isUnsubscribed, mailById, queuedMailIds, settleMail } from "../../projections/mail";

/** What is handed to the SMTP transport (nodemailer's sendMail takes this shape). */
export type OutgoingMail = { from: { name: string; address: string }; to: string; subject: string; text: string; html: string; headers: Record<string, string>; messageId: string };
/** A sender: nodemailer's transport, or a test's stand-in. */
export type MailTransport = { sendMail(mail: OutgoingMail): Promise<{ messageId?: string; response?: string }> };

export type MailWorkerDeps = {
  db: Kysely<unknown>;
  clock: Clock;
  logger: Logger;
  /** null: no SMTP_URL, messages are kept in the local outbox (/dev/mail) */
  transport: MailTransport | null;
  /** the sender's address (MAIL_FROM); the display name is the organization's */
  from: string;
  queue: RollcallQueue<MailJobData, unknown>;
};

export type MailJobResult = { outboxId: string; status: string } | { swept: number };

/** An error that a retry would meet again: an SMTP 5xx reply (but 503), or a message that cannot be built. */
const isPermanent = (error: unknown) => Boolean(error && typeof error === "object" && (error as { permanent?: boolean }).permanent === true);

/**
 * One outbox row (decision 059): a row already out of `queued` is done; a newsletter to an address that
 * unsubscribed since is skipped; without a transport the row is kept in the local outbox; else it is sent.
 * A failed try records its attempt and error and throws so BullMQ retries with the mail backoff; the last
 * try, or a permanent refusal (SMTP 5xx), records `failed` with the reason: never lost, never silent.
 */
export async function processMail(deps: MailWorkerDeps, job: Job<MailJobData, unknown>): Promise<MailJobResult> {
  if (job.name === MAIL_SWEEP_JOB) return { swept: await sweepQueuedMail(deps) };
  const { outboxId } = job.data;
  const row = await mailById(deps.db, outboxId);
  // recorded in a transaction that has not committed yet (or rolled back): try again later, then give up
  if (!row) throw new Error(`outbox row ${outboxId} not found`);
  if (row.status !== "queued") return { outboxId, status: row.status };
  const now = () => deps.clock.now();
  if (row.organization_id && isNewsletter(row.kind) && (await isUnsubscribed(deps.db, row.organization_id, row.to_address))) {
    await settleMail(deps.db, outboxId, { status: "skipped", at: now() });
    return { outboxId, status: "skipped" };
  }
  if (!deps.transport) {
    await settleMail(deps.db, outboxId, { status: "kept", at: now() });
    return { outboxId, status: "kept" };
  }
  const attempt = job.attemptsMade + 1;
  try {
    await deps.transport.sendMail({
      from: { name: row.from_name, address: deps.from },
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      html: row.html,
      headers: row.headers,
      // one Message-ID per outbox row: a message sent twice (a crash after the server took it) reads as one
      messageId: `<rollcall-mail-${outboxId}@${deps.from.split("@")[1] ?? "rollcall"}>`,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = isPermanent(error);
    const last = permanent || attempt >= (job.opts.attempts ?? 1);
    await settleMail(deps.db, outboxId, { status: last ? "failed" : "queued", attempts: attempt, lastError: message, at: now() });
    if (last) deps.logger.error("mail failed for good", { outboxId, attempts: attempt, error: message });
    if (permanent) throw new UnrecoverableError(message);
    throw error;
  }
  await settleMail(deps.db, outboxId, { status: "sent", attempts: attempt, lastError: null, at: now() });
  return { outboxId, status: "sent" };
}

/** Adds the job of every row still queued (its job never added, or lost with Redis): a kept job id is not added twice. */
export async function sweepQueuedMail(deps: Pick<MailWorkerDeps, "db" | "queue" | "logger">): Promise<number> {
  const ids = await queuedMailIds(deps.db);
  for (const id of ids) await enqueueMail(deps.queue, id);
  if (ids.length) deps.logger.info("mail sweep queued", { messages: ids.length });
  return ids.length;
}
