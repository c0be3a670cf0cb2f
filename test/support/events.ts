import { newId, type EventMetadata, type NewEvent } from "../../modules/kernel";

export const testMetadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  organizationId: "org-test",
  actorId: "user-test",
  commandId: newId(),
  correlationId: newId(),
  causationId: null,
  occurredAt: new Date("2026-11-21T09:00:00.000Z").toISOString(),
  ...overrides,
});

export type TestEvent = { type: "Counted"; data: { n: number } } | { type: "Noted"; data: { text: string } };

export const counted = (n: number, metadata?: Partial<EventMetadata>): NewEvent<TestEvent> => ({
  type: "Counted",
  data: { n },
  eventId: newId(),
  metadata: testMetadata(metadata),
});

export const uniqueStream = (prefix = "test") => `${prefix}-${newId()}`;
