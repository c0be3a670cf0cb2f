import type { Kysely } from "kysely";
import { batchToSend, deliveryToSend, recordAttempt, recordBatch, type AttemptOutcome, type BatchDelivery } from "../../projections/integrations";
import { adminAddressesOf } from "../../projections/identity";
import type { ReadModels } from "../../projections";
import { webhookEndpointDecider, webhookEndpointStream, type Sender } from "../../modules/integrations";
import { handleCommand, idFrom, type Clock, type EventStore, type Logger } from "../../modules/kernel";
import type { Job } from "../../modules/kernel/queues";
import { queueMail } from "../../modules/mail";

/** An endpoint failing this long is turned off and its admins are told (issue 22). */
export const FAILING_LIMIT_MS = 24 * 60 * 60 * 1000;

export type WebhookWorkerDeps = {
  db: Kysely<unknown>;
  store: EventStore;
  clock: Clock;
  logger: Logger;
  sender: Sender;
  publicUrl: string;
  queuePrefix: string;
  /** Queues the retries of a batch's failed deliveries. */
  retry: (deliveryIds: string[]) => Promise<unknown>;
};

/** Streams of one batch sent at once (each stream's deliveries one after another, in store order). */
export const STREAMS_AT_ONCE = 16;

export class DeliveryFailed extends Error {}

/**
 * One try of one delivery (decision 079). A delivery already delivered is not sent again (a sweep or a
 * second job for it changes nothing); one to a turned-off endpoint is marked failed and not tried. Each try
 * is logged; a failure throws so BullMQ tries again later, and an endpoint failing for 24 hours is turned
 * off (an event) and its admins get a mail.
 */
export async function processDelivery(deps: WebhookWorkerDeps, job: Job<{ deliveryId: string }>): Promise<{ status: string }> {
  const delivery = await deliveryToSend(deps.db, job.data.deliveryId);
  if (!delivery || delivery.status === "succeeded") return { status: "skipped" };
  const at = deps.clock.now();
  if (!delivery.url || !delivery.secret || !delivery.active) {
    await recordAttempt(deps.db, { deliveryId: delivery.id, endpointId: delivery.endpoint_id, at, statusCode: null, error: "The endpoint is turned off", durationMs: 0, responseBody: null, ok: false, final: true });
    return { status: "endpoint-off" };
  }
  const outcome = await deps.sender.send({ url: delivery.url, secret: delivery.secret, id: delivery.id, payload: delivery.payload, at });
  const final = !outcome.ok && job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const failingSince = await recordAttempt(deps.db, { deliveryId: delivery.id, endpointId: delivery.endpoint_id, at, ...outcome, final });
  if (outcome.ok) return { status: "delivered" };
  if (failingSince && at.getTime() - new Date(failingSince).getTime() >= FAILING_LIMIT_MS) {
    await turnOff(deps, delivery.endpoint_id, delivery.organization_id, delivery.url, failingSince);
    return { status: "endpoint-turned-off" };
  }
  throw new DeliveryFailed(outcome.error ?? "delivery failed");
}

/**
 * The first try of a batch of one endpoint's deliveries (decisions 096, 126): its row read in one query, its
 * deliveries sent in store order within each stream (streams side by side), then in one statement the batch row
 * goes and the delivery rows are written with their outcomes; the failed ones are queued one by one for their
 * retries. A batch already written (a second run of the job) is not sent again. Returns how many were delivered
 * and how many wait for a retry.
 */
export async function processBatch(deps: WebhookWorkerDeps, batchId: string): Promise<{ status: string; delivered: number; failed: number }> {
  const batch = await batchToSend(deps.db, batchId);
  if (!batch || !batch.deliveries.length) return { status: "skipped", delivered: 0, failed: 0 };
  if (!batch.url || !batch.secret || !batch.active) {
    const at = deps.clock.now();
    await recordBatch(deps.db, batch.id, batch.endpoint_id, batch.deliveries.map((d) => ({ deliveryId: d.id, at, statusCode: null, error: "The endpoint is turned off", durationMs: 0, responseBody: null, ok: false, final: true })));
    return { status: "endpoint-off", delivered: 0, failed: batch.deliveries.length };
  }
  const { url, secret } = batch;
  const streams = new Map<string, BatchDelivery[]>();
  for (const delivery of batch.deliveries) {
    const list = streams.get(delivery.stream_id);
    if (list) list.push(delivery);
    else streams.set(delivery.stream_id, [delivery]);
  }
  const outcomes: AttemptOutcome[] = [];
  const queue = [...streams.values()];
  const lane = async () => {
    for (let stream = queue.shift(); stream; stream = queue.shift())
      for (const delivery of stream) {
        const at = deps.clock.now();
        const outcome = await deps.sender.send({ url, secret, id: delivery.id, payload: delivery.payload, at });
        outcomes.push({ deliveryId: delivery.id, at, ...outcome, final: false });
      }
  };
  await Promise.all(Array.from({ length: Math.min(STREAMS_AT_ONCE, queue.length) }, lane));
  const failingSince = await recordBatch(deps.db, batch.id, batch.endpoint_id, outcomes);
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.deliveryId);
  await deps.retry(failed);
  const at = deps.clock.now();
  if (failed.length && failingSince && at.getTime() - new Date(failingSince).getTime() >= FAILING_LIMIT_MS) {
    await turnOff(deps, batch.endpoint_id, batch.organization_id, url, failingSince);
    return { status: "endpoint-turned-off", delivered: outcomes.length - failed.length, failed: failed.length };
  }
  return { status: failed.length ? "partly-delivered" : "delivered", delivered: outcomes.length - failed.length, failed: failed.length };
}

async function turnOff(deps: WebhookWorkerDeps, endpointId: string, organizationId: string, url: string, failingSince: string) {
  const commandId = idFrom("webhook-turned-off", endpointId, failingSince);
  const result = await handleCommand(deps, webhookEndpointDecider, webhookEndpointStream(endpointId), {
    type: "DisableWebhookEndpoint",
    data: { endpointId, reason: `Deliveries failed for 24 hours (since ${failingSince})` },
    metadata: { commandId, organizationId, actorId: null },
  });
  if (!result.ok || result.replayed || !result.events.length) return;
  deps.logger.warn("webhook endpoint turned off after 24 hours of failures", { endpointId, organizationId });
  const mail = { db: deps.db as Kysely<ReadModels>, publicUrl: deps.publicUrl, queuePrefix: deps.queuePrefix, logger: deps.logger, clock: deps.clock, redis: null };
  for (const admin of await adminAddressesOf(deps.db as Kysely<ReadModels>, organizationId)) {
    await queueMail(mail, {
      organizationId,
      to: admin.email,
      kind: "webhook-disabled",
      data: { firstName: admin.first_name || "there", url, since: new Date(failingSince).toISOString(), link: "/integrations" },
      dedupeKey: `webhook-disabled:${commandId}:${admin.email}`,
    }).catch((error: unknown) => deps.logger.warn("could not queue the webhook mail", { error: String(error) }));
  }
}
