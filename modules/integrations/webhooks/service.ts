import { randomBytes } from "node:crypto";
import type { RedisClient } from "../../kernel";
import { attemptsOfDelivery, deliveriesOfEndpoint, deliveryById, markForRedelivery, webhookEndpointById, webhookEndpointsOf } from "../../../projections/integrations";
import { waitForProjection } from "../../../projections/runner";
import { commandMetadataOf, type Auth, type Services } from "../../identity";
import { DomainError, handleCommand, idFrom, redisTargetOfClient } from "../../kernel";
import type { RollcallQueue } from "../../kernel/queues";
import type { WebhookEndpointBody } from "../schema";
import { webhookEndpointDecider, WEBHOOK_NOT_FOUND, type WebhookEndpointCommand } from "./decide";
import { webhookEndpointStream } from "./events";
import { createWebhookQueue, enqueueDelivery, type WebhookJobData } from "./queue";
import { checkHost, parseAllowList, SsrfError } from "./ssrf";

/** A Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
const newSigningSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

const allowOf = (services: Services) => parseAllowList(services.integrations?.webhookAllowHosts);

/** The URL must reach a public address now (the sender checks again at every delivery). */
async function checkReachable(services: Services, url: string) {
  try {
    await checkHost(new URL(url).hostname, allowOf(services));
  } catch (error) {
    if (error instanceof SsrfError) throw new DomainError("WEBHOOK_URL_PRIVATE", "URL must not point to a private, loopback or link-local address", 400);
    throw new DomainError("WEBHOOK_URL_UNRESOLVED", `URL's host ${new URL(url).hostname} cannot be found`, 400);
  }
}

async function run(services: Services, auth: Auth, request: Request, endpointId: string, command: Omit<WebhookEndpointCommand, "metadata">) {
  const result = await handleCommand(services, webhookEndpointDecider, webhookEndpointStream(endpointId), { ...command, metadata: commandMetadataOf(auth, request) } as WebhookEndpointCommand);
  if (!result.ok) throw result.error;
  await waitForProjection(services, "integrations");
  return result;
}

const idOf = (id: string | undefined) => {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) throw WEBHOOK_NOT_FOUND();
  return id;
};

/** Registers an endpoint; its signing secret is answered with it (and shown again on the endpoint's page). */
export async function registerWebhook(services: Services, auth: Auth, request: Request, body: WebhookEndpointBody) {
  await checkReachable(services, body.url);
  const metadata = commandMetadataOf(auth, request);
  const endpointId = idFrom("webhook-endpoint", metadata.commandId);
  const secret = newSigningSecret();
  const data = { endpointId, organizationId: auth.organization.id, createdBy: auth.user.id, secret, url: body.url, description: body.description, eventTypes: body.event_types };
  const result = await handleCommand(services, webhookEndpointDecider, webhookEndpointStream(endpointId), { type: "RegisterWebhookEndpoint", data, metadata });
  if (!result.ok) throw result.error;
  await waitForProjection(services, "integrations");
  // answered from what was appended, whatever the projector's lag
  return { message: "Webhook successfully created", data: { id: endpointId, url: body.url, description: body.description, event_types: body.event_types, status: "active", disabled_reason: null, secret, deliveries: [] } };
}

export async function changeWebhook(services: Services, auth: Auth, request: Request, id: string | undefined, body: WebhookEndpointBody) {
  const endpointId = idOf(id);
  await checkReachable(services, body.url);
  await run(services, auth, request, endpointId, { type: "ChangeWebhookEndpoint", data: { endpointId, url: body.url, description: body.description, eventTypes: body.event_types } });
  return { message: "Webhook successfully updated" };
}

export async function setWebhookEnabled(services: Services, auth: Auth, request: Request, id: string | undefined, enabled: boolean) {
  const endpointId = idOf(id);
  await run(services, auth, request, endpointId, enabled ? { type: "EnableWebhookEndpoint", data: { endpointId } } : { type: "DisableWebhookEndpoint", data: { endpointId, reason: `Disabled by ${auth.user.firstName} ${auth.user.lastName}`.trim() } });
  return { message: enabled ? "Webhook successfully enabled" : "Webhook successfully disabled" };
}

export async function deleteWebhook(services: Services, auth: Auth, request: Request, id: string | undefined) {
  const endpointId = idOf(id);
  await run(services, auth, request, endpointId, { type: "DeleteWebhookEndpoint", data: { endpointId } });
  return { message: "Webhook successfully deleted" };
}

/** The organization's endpoints (without their secrets). */
export async function webhooksOf(services: Services, auth: Auth) {
  const rows = await webhookEndpointsOf(services.db, auth.organization.id);
  const data = rows.map((r) => ({ id: r.id, url: r.url, description: r.description, event_types: r.event_types, status: r.status, disabled_reason: r.disabled_reason, failing_since: r.failing_since ? new Date(r.failing_since).toISOString() : null, created_at: new Date(r.created_at).toISOString() }));
  return { data, count: data.length };
}

/** One endpoint with its signing secret (admins verify deliveries with it) and its latest deliveries. */
export async function webhookCall(services: Services, auth: Auth, id: string | undefined) {
  const endpoint = await webhookEndpointById(services.db, idOf(id));
  if (!endpoint || endpoint.organization_id !== auth.organization.id) throw WEBHOOK_NOT_FOUND();
  const { state } = await services.store.aggregateStream(webhookEndpointStream(endpoint.id), {
    initialState: () => ({ secret: "" }),
    evolve: (s: { secret: string }, e: { type: string; data: Record<string, unknown> }) => (e.type === "WebhookEndpointRegistered" ? { secret: String(e.data.secret) } : s),
  });
  const deliveries = await deliveriesOfEndpoint(services.db, endpoint.id);
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.event_types,
    status: endpoint.status,
    disabled_reason: endpoint.disabled_reason,
    secret: state.secret,
    deliveries: deliveries.map(deliveryView),
  };
}

const deliveryView = (d: Awaited<ReturnType<typeof deliveriesOfEndpoint>>[number]) => ({
  id: d.id,
  event_type: d.event_type,
  status: d.status,
  attempts: d.attempts,
  last_status_code: d.last_status_code,
  last_error: d.last_error,
  created_at: new Date(d.created_at).toISOString(),
  last_attempt_at: d.last_attempt_at ? new Date(d.last_attempt_at).toISOString() : null,
  payload: d.payload,
});

/** One delivery with every try's status, time and answer. */
export async function deliveryCall(services: Services, auth: Auth, id: string | undefined) {
  const delivery = id ? await deliveryById(services.db, id, auth.organization.id) : undefined;
  if (!delivery || delivery.organization_id !== auth.organization.id) throw new DomainError("DELIVERY_NOT_FOUND", "Delivery not found", 404);
  const attempts = await attemptsOfDelivery(services.db, delivery.id);
  return { ...deliveryView(delivery), attempts: attempts.map((a) => ({ attempt: a.attempt, at: new Date(a.at).toISOString(), status_code: a.status_code, error: a.error, duration_ms: a.duration_ms, response_body: a.response_body })) };
}

const queues = new Map<string, RollcallQueue<WebhookJobData, unknown>>();
const queueOf = (redis: RedisClient, prefix: string) => {
  let queue = queues.get(prefix);
  if (!queue) queues.set(prefix, (queue = createWebhookQueue(redisTargetOfClient(redis), prefix)));
  return queue;
};

/** Closes this process's delivery queue of a prefix. */
export async function closeWebhookQueue(prefix: string) {
  const queue = queues.get(prefix);
  queues.delete(prefix);
  await queue?.close();
}

/** An admin sends a delivery again (same webhook-id: a receiver that stored it ignores it). */
export async function redeliver(services: Services, auth: Auth, id: string | undefined) {
  const delivery = id ? await deliveryById(services.db, id, auth.organization.id) : undefined;
  if (!delivery || delivery.organization_id !== auth.organization.id) throw new DomainError("DELIVERY_NOT_FOUND", "Delivery not found", 404);
  // not tried yet: its batch's job sends it
  if (delivery.attempts === 0 && delivery.status === "pending") return { message: "Delivery queued again" };
  await markForRedelivery(services.db, delivery.id);
  await enqueueDelivery(queueOf(services.redis, services.queuePrefix), delivery.id, delivery.attempts + 1);
  return { message: "Delivery queued again" };
}
