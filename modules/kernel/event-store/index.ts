export * from "./types";
export { foldStream } from "./aggregate";
export { pollingSubscription } from "./subscription";
export { PostgresEventStore } from "./postgres/adapter";
export { READ_HORIZON_SQL } from "./postgres/append-sql";
export { verifyEventChain, type ChainProblem } from "./postgres/verify-chain";
export { attachEventsPartition, detachEventsPartition, listEventsPartitions, whyNotDetachable, type EventsPartition } from "./postgres/partitions";
export { EVENTS_CHANNEL } from "./postgres/notifier";
export { createEventStore } from "./create";
