/** Browser-safe face of integrations: the page's form schemas and the webhook event types. */
export { apiKeyFormSchema, webhookEndpointBody, createApiKeyBody, type ApiKeyForm, type WebhookEndpointBody } from "./schema";
export { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPE_NAMES, type WebhookEventType } from "./webhooks/catalogue";
