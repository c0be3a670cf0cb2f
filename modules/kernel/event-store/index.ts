export * from "./types";
export { foldStream } from "./aggregate";
export { pollingSubscription } from "./subscription";
export { PostgresEventStore } from "./postgres/adapter";
export { READ_HORIZON_SQL } from "./postgres/append-sql";
export { verifyEventChain, type ChainProblem } from "./postgres/verify-chain";
export { EVENTS_CHANNEL } from "./postgres/notifier";
export { createEventStore } from "./create";
