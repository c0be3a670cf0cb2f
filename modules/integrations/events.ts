/** The integrations context's events and the webhook catalogue, free of services (projections import this). */
export * from "./api-keys/events";
export * from "./webhooks/events";
export * from "./webhooks/catalogue";
