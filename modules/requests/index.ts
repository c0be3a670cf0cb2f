/** Membership requests (decision 066): the public forms, the staff's approve and decline. */
export * from "./events";
export * from "./schema";
export { requestDecider, decide, evolve, initialRequestState, requestNotFound, requestAlreadyDecided, type RequestCommand, type RequestState } from "./decide";
// last: the service and the rows reach projections, which import this index back
export * from "./service";
export { requestsApi } from "./api";
