export { integrationsProjection } from "./projection";
export { webhookSubscriber, WEBHOOK_SUBSCRIBER, BATCHES_RECORDED, BATCH_LIMIT, batchIdOf, endpointOfBatch, deliveryIdOf } from "./subscriber";
export * from "./queries";
export type { IntegrationTables, WebhookTables } from "./tables";
export * as integrationsMigration from "./migration";
export * as webhookBatchMigration from "./batch-migration";
