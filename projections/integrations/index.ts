export { integrationsProjection } from "./projection";
export { webhookSubscriber, WEBHOOK_SUBSCRIBER, DELIVERIES_RECORDED, deliveryIdOf } from "./subscriber";
export * from "./queries";
export type { IntegrationTables, WebhookTables } from "./tables";
export * as integrationsMigration from "./migration";
