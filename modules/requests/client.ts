/** Browser-safe face of membership requests: the forms' schemas and the statuses. */
export * from "./schema";
export { REQUEST_KINDS, REQUEST_STATUSES, type RequestKind, type RequestStatus } from "./events";
