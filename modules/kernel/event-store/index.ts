export * from "./types";
export { foldStream } from "./aggregate";
export { pollingSubscription } from "./subscription";
export { PostgresEventStore } from "./postgres/adapter";
export { verifyEventChain, type ChainProblem } from "./postgres/verify-chain";
export { EVENTS_CHANNEL } from "./postgres/notifier";
export { createEventStore } from "./create";
