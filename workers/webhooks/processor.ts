import type { Kysely } from "kysely";
import { deliveryToSend, recordAttempt } from "../../projections/integrations";
import { adminAddressesOf } from "../../projections/identity";
import type { ReadModels } from "../../projections";
import { webhookEndpointDecider, webhookEndpointStream, type Sender } from "../../modules/integrations";
import { handleCommand, idFrom, type Clock, type EventStore, type Logger } from "../../modules/kernel";
import type { Job } from "../../modules/kernel/queues";
import { queueMail } from "../../modules/mail";

/** An endpoint failing this long is turned off and its admins are told (issue 22). */
export const FAILING_LIMIT_MS = 24 * 60 * 60 * 1000;

export type WebhookWorkerDeps = { db: Kysely<unknown>; store: EventStore; clock: Clock; logger: Logger; sender: Sender; publicUrl: string; queuePrefix: string };

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
