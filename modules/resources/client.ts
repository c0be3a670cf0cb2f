/** Browser-safe face of the resources: the schemas, kinds, limits and format labels (decision 101). */
export * from "./schema";
export * from "./limits";
export * from "./format";
export { RESOURCE_KINDS, RESOURCE_VISIBILITIES, type ResourceKind, type ResourceVisibility } from "./events";
