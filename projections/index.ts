export * from "./runner";
export { projections, findProjection } from "./registry";
export { allMigrations } from "./migrations";
export * from "./event-stats";
export type { ReadModels } from "./read-models";
