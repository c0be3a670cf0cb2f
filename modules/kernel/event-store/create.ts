import type pg from "pg";
import { PostgresEventStore } from "./postgres/adapter";
import type { EventStore } from "./types";

export type EventStoreConfig = { databaseUrl: string; pool: pg.Pool; eventStoreUrl?: string };

/** PostgreSQL by default; EventStoreDB when EVENTSTORE_URL is set. */
export async function createEventStore({ databaseUrl, pool, eventStoreUrl }: EventStoreConfig): Promise<EventStore> {
  if (eventStoreUrl) {
    const { EventStoreDbEventStore } = await import("./eventstoredb/adapter");
    return EventStoreDbEventStore.connect(eventStoreUrl);
  }
  return new PostgresEventStore(pool, databaseUrl);
}
