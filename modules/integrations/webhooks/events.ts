import type { DomainEvent } from "../../kernel";

/** An endpoint's stream (decision 079). */
export const webhookEndpointStream = (endpointId: string) => `webhook-endpoint-${endpointId}`;

export type WebhookEndpointFields = { url: string; description: string; eventTypes: string[] };

export type WebhookEndpointEvent =
  | DomainEvent<"WebhookEndpointRegistered", WebhookEndpointFields & { endpointId: string; organizationId: string; createdBy: string; secret: string }>
  | DomainEvent<"WebhookEndpointChanged", WebhookEndpointFields & { endpointId: string }>
  /** by an admin, or by the delivery worker after 24 h of failures (reason says which) */
  | DomainEvent<"WebhookEndpointDisabled", { endpointId: string; reason: string }>
  | DomainEvent<"WebhookEndpointEnabled", { endpointId: string }>
  | DomainEvent<"WebhookEndpointDeleted", { endpointId: string }>;

export const WEBHOOK_ENDPOINT_EVENT_TYPES = [
  "WebhookEndpointRegistered",
  "WebhookEndpointChanged",
  "WebhookEndpointDisabled",
  "WebhookEndpointEnabled",
  "WebhookEndpointDeleted",
] as const satisfies readonly WebhookEndpointEvent["type"][];

export const isWebhookEndpointEvent = (event: { type: string }): event is WebhookEndpointEvent => (WEBHOOK_ENDPOINT_EVENT_TYPES as readonly string[]).includes(event.type);
