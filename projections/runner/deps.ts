export type { EventStore, RecordedEvent, Logger } from "../../modules/kernel";
/** A live update to publish once the read-model transaction has committed (house rule 8). */
export type LiveMessageLike = { organizationId: string; topic: string; event: string; payload: unknown };
export type Publisher = { publish(messages: LiveMessageLike[]): void | Promise<void> };
