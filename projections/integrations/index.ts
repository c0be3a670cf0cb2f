export { integrationsProjection } from "./projection";
export { webhookSubscriber, WEBHOOK_SUBSCRIBER, BATCHES_RECORDED, BATCH_LIMIT, batchIdOf, endpointOfBatch, deliveryIdOf } from "./subscriber";
export * from "./queries";
export type { BatchDelivery, IntegrationTables, WebhookTables } from "./tables";
export * as integrationsMigration from "./migration";
export * as webhookBatchMigration from "./batch-migration";
export * as webhookBatchRowMigration from "./batch-row-migration";
