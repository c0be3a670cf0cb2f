/** Integrations (issue 22): API keys (decision 078) and signed webhooks (decision 079). */
export * from "./events";
export { apiKeyDecider, MAX_KEY_DAYS, type ApiKeyState, type ApiKeyCommand } from "./api-keys/decide";
export { newApiKey, apiKeyHash, keyIdOf, keyMatches, API_KEY_PREFIX } from "./api-keys/secret";
export { webhookEndpointDecider, type WebhookEndpointCommand, type WebhookEndpointState } from "./webhooks/decide";
export { parseAllowList, addressAllowed, checkHost, guardedLookup, SsrfError, type AllowList } from "./webhooks/ssrf";
export { createSender, DELIVERY_TIMEOUT_MS, type Sender, type DeliveryOutcome } from "./webhooks/send";
export * from "./webhooks/queue";
export { createApiKeyBody, webhookEndpointBody, apiKeyFormSchema, type CreateApiKeyBody, type WebhookEndpointBody, type ApiKeyForm } from "./schema";
// last: the services and the rows reach projections, which import this index back
export { apiKeyAuthOf, bearerOf, API_KEY_INVALID, type ApiKeyAuth } from "./api-keys/auth";
export { apiKeysOf, createApiKey, revokeApiKey, type ApiKeyView } from "./api-keys/service";
export { registerWebhook, changeWebhook, setWebhookEnabled, deleteWebhook, webhooksOf, webhookCall, deliveryCall, redeliver, closeWebhookQueue } from "./webhooks/service";
export { integrationsApi } from "./api";
