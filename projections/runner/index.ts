export { defineProjection, type Projection, type AnyProjection, type ApplyContext, type PositionRange } from "./types";
export type { Publisher, LiveMessageLike } from "./deps";
export { ProjectionRunner, type RunnerOptions, type BatchOutcome } from "./runner";
export { buildShadow, rebuildProjection, shadowSchemaOf } from "./rebuild";
export { allCheckpoints, ensureCheckpoint, readCheckpoint, advanceCheckpoint, CheckpointConflictError } from "./checkpoints";
export { waitForProjection } from "./read-your-writes";
